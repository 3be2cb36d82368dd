import { z } from 'zod';

/** Notice ids are keys the server makes (`voice-ready-<AI singer id>`). */
export const noticeParams = z.object({
  noticeId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'is not a notice id'),
});

/** An in-app notice as the web app reads it; `text` is written by the server, `link` is an app path or empty. */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  text: z.string(),
  link: z.string(),
  created: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeReadSchema = z.object({ id: z.string(), read: z.literal(true) });
export type NoticeRead = z.infer<typeof noticeReadSchema>;
