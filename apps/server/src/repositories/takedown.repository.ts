import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { musicItems, playlistItems, playlists, sessions, takedownNotices, users } from '../db/schema.ts';
import { musicIsPublic } from './music.repository.ts';

export type TakedownRow = typeof takedownNotices.$inferSelect;

export class TakedownRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insert(row: typeof takedownNotices.$inferInsert): Promise<TakedownRow> {
    const [inserted] = await this.#db.insert(takedownNotices).values(row).returning();
    return inserted!;
  }

  async list(status?: TakedownRow['status']): Promise<TakedownRow[]> {
    const query = this.#db.select().from(takedownNotices);
    return (status ? query.where(eq(takedownNotices.status, status)) : query).orderBy(
      asc(takedownNotices.createdAt),
    );
  }

  async find(id: string): Promise<TakedownRow | null> {
    const [row] = await this.#db.select().from(takedownNotices).where(eq(takedownNotices.id, id));
    return row ?? null;
  }

  /** The owner of a song anyone can hear; null for a private, taken-down or unknown song alike. */
  async ownerOfPublicMusic(musicId: string): Promise<string | null> {
    const [row] = await this.#db
      .select({ ownerId: musicItems.ownerId })
      .from(musicItems)
      .where(and(eq(musicItems.id, musicId), musicIsPublic()));
    return row?.ownerId ?? null;
  }

  /** The first song anyone can hear in a public, non-archived playlist. */
  async firstPublicMusicOfPlaylist(playlistId: string): Promise<string | null> {
    const [row] = await this.#db
      .select({ musicId: playlistItems.musicId })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .innerJoin(musicItems, eq(musicItems.id, playlistItems.musicId))
      .where(
        and(
          eq(playlistItems.playlistId, playlistId),
          eq(playlists.isPrivate, false),
          eq(playlists.archived, false),
          musicIsPublic(),
        ),
      )
      .orderBy(asc(playlistItems.position))
      .limit(1);
    return row?.musicId ?? null;
  }

  /**
   * Accepts a notice: the song comes down, and a third accepted notice against the same person
   * terminates the account (sessions revoked, every song hidden). One transaction, so two operators
   * accepting at once cannot both miss the third strike.
   */
  async accept(id: string): Promise<{ notice: TakedownRow; strikes: number; terminated: boolean }> {
    return this.#db.transaction(async (tx) => {
      const [notice] = await tx
        .update(takedownNotices)
        .set({ status: 'accepted', decidedAt: new Date() })
        .where(and(eq(takedownNotices.id, id), eq(takedownNotices.status, 'pending')))
        .returning();
      if (!notice) throw new Error(`Notice ${id} does not exist or was already decided`);
      if (notice.musicId)
        await tx.update(musicItems).set({ hidden: true }).where(eq(musicItems.id, notice.musicId));
      if (!notice.targetUserId) return { notice, strikes: 0, terminated: false };
      const [{ strikes } = { strikes: 0 }] = await tx
        .select({ strikes: count() })
        .from(takedownNotices)
        .where(
          and(eq(takedownNotices.targetUserId, notice.targetUserId), eq(takedownNotices.status, 'accepted')),
        );
      let terminated = false;
      if (strikes >= 3) {
        await tx
          .update(users)
          .set({ status: 'terminated', terminatedAt: new Date() })
          .where(eq(users.id, notice.targetUserId));
        await tx.delete(sessions).where(eq(sessions.userId, notice.targetUserId));
        await tx.update(musicItems).set({ hidden: true }).where(eq(musicItems.ownerId, notice.targetUserId));
        terminated = true;
      }
      return { notice, strikes, terminated };
    });
  }

  async reject(id: string): Promise<TakedownRow> {
    const [notice] = await this.#db
      .update(takedownNotices)
      .set({ status: 'rejected', decidedAt: new Date() })
      .where(and(eq(takedownNotices.id, id), eq(takedownNotices.status, 'pending')))
      .returning();
    if (!notice) throw new Error(`Notice ${id} does not exist or was already decided`);
    return notice;
  }
}
