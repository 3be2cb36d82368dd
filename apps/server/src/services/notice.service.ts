import { notFound } from '../http/http-error.ts';
import type { NoticeRepository } from '../repositories/notice.repository.ts';
import type { NoticeRead, Notice } from '@bops/shared/api/notice';

/** How many unread notices one answer holds; older ones follow as the newer are read. */
export const NOTICE_LIST_LIMIT = 20;

/** In-app notices ("your AI singer is ready"): the person reads their unread ones and dismisses them. */
export class NoticeService {
  readonly #notices: NoticeRepository;

  constructor(deps: { notices: NoticeRepository }) {
    this.#notices = deps.notices;
  }

  async listUnread(userId: string): Promise<Notice[]> {
    const rows = await this.#notices.listUnread(userId, NOTICE_LIST_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      text: row.text,
      link: row.link,
      created: row.createdAt.toISOString(),
    }));
  }

  /** Marking read twice is fine; someone else's notice is as unknown as one that never existed. */
  async markRead(userId: string, noticeId: string): Promise<NoticeRead> {
    if (!(await this.#notices.markRead(userId, noticeId))) throw notFound('This notice does not exist.');
    return { id: noticeId, read: true };
  }
}
