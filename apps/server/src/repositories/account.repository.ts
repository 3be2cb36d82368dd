import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { accountListener } from './music.repository.ts';
import {
  analyticsEvents,
  crashReports,
  musicItems,
  musicLikes,
  musicListeners,
  musicViews,
  playlistItems,
  playlists,
  takedownNotices,
  users,
  voiceClones,
} from '../db/schema.ts';

/** Everything stored about one person, as their export holds it. */
export interface AccountData {
  profile: typeof users.$inferSelect;
  songs: Array<typeof musicItems.$inferSelect>;
  playlists: Array<{
    id: string;
    title: string;
    private: boolean;
    archived: boolean;
    kind: string;
    musicIds: string[];
  }>;
  voiceClones: Array<typeof voiceClones.$inferSelect>;
  likedMusicIds: string[];
}

/** The database side of a person's export and of deleting their account. */
export class AccountRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async read(userId: string): Promise<AccountData | null> {
    const [profile] = await this.#db.select().from(users).where(eq(users.id, userId));
    if (!profile) return null;
    const songs = await this.#db.select().from(musicItems).where(eq(musicItems.ownerId, userId));
    const lists = await this.#db.select().from(playlists).where(eq(playlists.ownerId, userId));
    const items = lists.length
      ? await this.#db
          .select()
          .from(playlistItems)
          .where(
            inArray(
              playlistItems.playlistId,
              lists.map((list) => list.id),
            ),
          )
      : [];
    const clones = await this.#db.select().from(voiceClones).where(eq(voiceClones.userId, userId));
    const likes = await this.#db
      .select({ musicId: musicLikes.musicId })
      .from(musicLikes)
      .where(eq(musicLikes.userId, userId));
    return {
      profile,
      songs,
      playlists: lists.map((list) => ({
        id: list.id,
        title: list.title,
        private: list.isPrivate,
        archived: list.archived,
        kind: list.kind,
        musicIds: items
          .filter((item) => item.playlistId === list.id)
          .sort((a, b) => a.position - b.position)
          .map((item) => item.musicId),
      })),
      voiceClones: clones,
      likedMusicIds: likes.map((like) => like.musicId),
    };
  }

  /**
   * Removes the person and everything that names them, in one transaction. Their likes leave the counts of
   * others' songs; their listens stay counted but no longer say who listened; takedown notices about their
   * songs stay (the operator's record) without pointing at them. Rows that belong to the person go with the
   * account (sessions, sign-in methods, AI singers, songs, playlists, creations, notices).
   */
  async delete(userId: string): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      await tx.execute(sql`
        update ${musicItems} set likes_count = greatest(0, likes_count - 1)
        where id in (select music_id from ${musicLikes} where user_id = ${userId}) and owner_id is distinct from ${userId}`);
      await tx.delete(musicViews).where(eq(musicViews.viewerId, userId));
      await tx.delete(musicListeners).where(eq(musicListeners.listener, accountListener(userId)));
      await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
      await tx.delete(crashReports).where(eq(crashReports.userId, userId));
      await tx
        .update(takedownNotices)
        .set({ targetUserId: null })
        .where(and(eq(takedownNotices.targetUserId, userId)));
      const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return deleted.length > 0;
    });
  }
}
