import { z } from 'zod';

/** Notice ids are keys the server makes (`voice-ready-<AI singer id>`). */
export const noticeParams = z.object({
  noticeId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'is not a notice id'),
});

/** An in-app notice as the web app reads it; `text` is written by the server, `link` is an app path or empty. */
export interface Notice {
  id: string;
  kind: string;
  text: string;
  link: string;
  created: string;
}

export interface NoticeRead {
  id: string;
  read: true;
}
