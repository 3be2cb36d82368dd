import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { notices } from '../db/schema.ts';

export type NoticeRow = typeof notices.$inferSelect;

export class NoticeRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The person's unread notices, newest first (the `notices_user_idx` index serves this). */
  async listUnread(userId: string, limit: number): Promise<NoticeRow[]> {
    return this.#db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(limit);
  }

  /**
   * Marks one of the person's notices read; a notice already read keeps its first reading time.
   * Answers false when the person has no notice with this id.
   */
  async markRead(userId: string, id: string): Promise<boolean> {
    const rows = await this.#db
      .update(notices)
      .set({ readAt: sql`coalesce(${notices.readAt}, now())` })
      .where(and(eq(notices.id, id), eq(notices.userId, userId)))
      .returning({ id: notices.id });
    return rows.length > 0;
  }
}
