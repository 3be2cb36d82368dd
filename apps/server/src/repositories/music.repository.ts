import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { songReadyNoticeId } from './creation.repository.ts';
import type { Database } from '../db/database.ts';
import { musicItems, musicLikes, musicListeners, musicViews, notices, playlistItems } from '../db/schema.ts';

export type MusicRow = typeof musicItems.$inferSelect;
export type NewMusicRow = typeof musicItems.$inferInsert;

/** The listener key of an account in `music_listeners`. */
export function accountListener(userId: string): string {
  return `u:${userId}`;
}

/** A song as one viewer sees it. */
export interface ViewedMusic {
  music: MusicRow;
  /** The viewer likes it (always false for a visitor). */
  liked: boolean;
  /** Anyone may hear it through a share link. */
  isPublic: boolean;
}

/**
 * A song is public when it is not taken down (`hidden`) and either its own `is_private` flag is off
 * (the built-in demo songs) or its owner keeps it in at least one public, non-archived playlist.
 * Only the owner's playlists count: adding someone else's song to your public playlist publishes nothing.
 */
export function musicIsPublic(): SQL<boolean> {
  // Columns are spelled out with their table: Drizzle leaves them unqualified in a one-table select
  // list, where "id" inside the sub-query would mean the playlist's.
  // A scalar sub-query with LIMIT 1 is looked up per song through playlist_items_music_idx; an EXISTS
  // here is planned as a hash of every public playlist entry, which is slow once there are many.
  return sql<boolean>`(music_items.hidden = false and (music_items.is_private = false or coalesce((
    select true from playlist_items pub_pi join playlists pub_p on pub_p.id = pub_pi.playlist_id
    where pub_pi.music_id = music_items.id and pub_p.is_private = false and pub_p.archived = false
      and pub_p.owner_id = music_items.owner_id limit 1), false)))`;
}

/** Who may see a song: its owner always, everyone else only when it is public. */
export function musicVisibleTo(viewerId: string | null): SQL<boolean> {
  if (!viewerId) return musicIsPublic();
  return sql<boolean>`(music_items.owner_id = ${viewerId} or ${musicIsPublic()})`;
}

function likedBy(viewerId: string | null): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from music_likes lk where lk.music_id = music_items.id and lk.user_id = ${viewerId})`;
}

function viewedColumns(viewerId: string | null) {
  return {
    music: musicItems,
    liked: likedBy(viewerId).mapWith(Boolean),
    isPublic: musicIsPublic().mapWith(Boolean),
  };
}

/** How a library search orders and pages. */
export interface LibrarySearch {
  q: string;
  sort: 'date' | 'title' | 'likes' | 'listens';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** `q` as a case-blind LIKE pattern matching it anywhere, its own `%`, `_` and `\\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class MusicRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insert(row: NewMusicRow): Promise<MusicRow> {
    const [inserted] = await this.#db.insert(musicItems).values(row).returning();
    if (!inserted) throw new Error('music insert returned nothing');
    return inserted;
  }

  async findById(id: string): Promise<MusicRow | null> {
    const [row] = await this.#db.select().from(musicItems).where(eq(musicItems.id, id));
    return row ?? null;
  }

  /** Of `ids`, those whose songs are finished. */
  async readyIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#db
      .select({ id: musicItems.id })
      .from(musicItems)
      .where(and(inArray(musicItems.id, ids), eq(musicItems.status, 'ready')));
    return new Set(rows.map((row) => row.id));
  }

  /** Records a finished render: the stored files, the length, and `ready`. */
  async markReady(
    id: string,
    files: Pick<NewMusicRow, 'srcKey' | 'lyricsKey' | 'waveformKey' | 'coverKey' | 'thumbnailKey'>,
    durationSeconds: number,
  ): Promise<void> {
    await this.#db
      .update(musicItems)
      .set({ ...files, durationSeconds, status: 'ready', updatedAt: new Date() })
      .where(eq(musicItems.id, id));
  }

  /** Renames the owner's song; false when they own no song of that id. */
  async rename(id: string, ownerId: string, name: string): Promise<boolean> {
    const renamed = await this.#db
      .update(musicItems)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(musicItems.id, id), eq(musicItems.ownerId, ownerId)))
      .returning({ id: musicItems.id });
    return renamed.length > 0;
  }

  /**
   * Sets (or with nulls clears) the owner's own cover picture; answers the keys it replaced, or null when
   * they own no song of that id.
   */
  async setCoverPicture(
    id: string,
    ownerId: string,
    keys: { coverKey: string | null; thumbnailKey: string | null },
  ): Promise<{ coverKey: string | null; thumbnailKey: string | null } | null> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx
        .select({ coverKey: musicItems.coverKey, thumbnailKey: musicItems.thumbnailKey })
        .from(musicItems)
        .where(and(eq(musicItems.id, id), eq(musicItems.ownerId, ownerId)))
        .for('update');
      if (!row) return null;
      await tx
        .update(musicItems)
        .set({ ...keys, updatedAt: new Date() })
        .where(eq(musicItems.id, id));
      return row;
    });
  }

  /**
   * Deletes the owner's song unless it is still rendering (its job would write files after); its playlist
   * entries, likes and listens go with it (cascades). Says what happened.
   */
  async deleteOwned(id: string, ownerId: string): Promise<'deleted' | 'rendering' | 'missing'> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: musicItems.status })
        .from(musicItems)
        .where(and(eq(musicItems.id, id), eq(musicItems.ownerId, ownerId)))
        .for('update');
      if (!row) return 'missing';
      if (row.status === 'rendering') return 'rendering';
      await tx.delete(musicItems).where(eq(musicItems.id, id));
      await tx.delete(notices).where(eq(notices.id, songReadyNoticeId(id)));
      return 'deleted';
    });
  }

  async markFailed(id: string): Promise<void> {
    await this.#db
      .update(musicItems)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(musicItems.id, id));
  }

  /**
   * The song and whether it is public, whoever asks: what can be kept between requests. Its like and listen
   * counts are as of the read; `liveCounts` has them now.
   */
  async findWithVisibility(id: string): Promise<Omit<ViewedMusic, 'liked'> | null> {
    const [row] = await this.#db
      .select({ music: musicItems, isPublic: musicIsPublic().mapWith(Boolean) })
      .from(musicItems)
      .where(eq(musicItems.id, id));
    return row ?? null;
  }

  /** A song's like and listen counts now, and whether the viewer likes it; null once it is gone. */
  async liveCounts(
    id: string,
    viewerId: string | null,
  ): Promise<{ likesCount: number; viewsCount: number; liked: boolean } | null> {
    const [row] = await this.#db
      .select({
        likesCount: musicItems.likesCount,
        viewsCount: musicItems.viewsCount,
        liked: likedBy(viewerId).mapWith(Boolean),
      })
      .from(musicItems)
      .where(eq(musicItems.id, id));
    return row ?? null;
  }

  /**
   * The owner's own songs whose title or artist holds `q`, in the asked order (newest first breaks ties),
   * one page of them and how many match in all.
   */
  async searchOwned(
    ownerId: string,
    search: LibrarySearch,
  ): Promise<{ songs: ViewedMusic[]; total: number }> {
    const pattern = containsPattern(search.q);
    const where = and(
      eq(musicItems.ownerId, ownerId),
      search.q
        ? or(
            sql`lower(${musicItems.name}) like ${pattern} escape '\\'`,
            sql`lower(${musicItems.author}) like ${pattern} escape '\\'`,
          )
        : undefined,
    );
    const direction = search.order === 'asc' ? asc : desc;
    const key = {
      date: musicItems.createdAt,
      title: sql`lower(${musicItems.name})`,
      likes: musicItems.likesCount,
      listens: musicItems.viewsCount,
    }[search.sort];
    const [songs, [counted]] = await Promise.all([
      this.#db
        .select(viewedColumns(ownerId))
        .from(musicItems)
        .where(where)
        .orderBy(direction(key), desc(musicItems.createdAt), asc(musicItems.id))
        .limit(search.limit)
        .offset(search.offset),
      this.#db.select({ total: count() }).from(musicItems).where(where),
    ]);
    return { songs, total: counted?.total ?? 0 };
  }

  /** The songs of a playlist in order, keeping only those the viewer may see. */
  async listInPlaylist(playlistId: string, viewerId: string | null, limit?: number): Promise<ViewedMusic[]> {
    const query = this.#db
      .select(viewedColumns(viewerId))
      .from(playlistItems)
      .innerJoin(musicItems, eq(musicItems.id, playlistItems.musicId))
      .where(and(eq(playlistItems.playlistId, playlistId), musicVisibleTo(viewerId)))
      .orderBy(playlistItems.position, playlistItems.addedAt);
    return limit === undefined ? query : query.limit(limit);
  }

  /** Of `ids`, those the viewer may see (order not kept). */
  async visibleIds(ids: string[], viewerId: string | null): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#db
      .select({ id: musicItems.id })
      .from(musicItems)
      .where(and(inArray(musicItems.id, ids), musicVisibleTo(viewerId)));
    return new Set(rows.map((row) => row.id));
  }

  /** The most-viewed public, finished songs. */
  async topByViews(viewerId: string | null, limit: number): Promise<ViewedMusic[]> {
    return this.#db
      .select(viewedColumns(viewerId))
      .from(musicItems)
      .where(and(eq(musicItems.status, 'ready'), musicIsPublic()))
      .orderBy(desc(musicItems.viewsCount), desc(musicItems.createdAt))
      .limit(limit);
  }

  /**
   * One like per person per song. Liking twice (or a hundred times at once) counts once: the like row's
   * primary key decides, and the counter moves only with a row actually inserted or deleted, in the
   * same transaction.
   */
  async setLike(musicId: string, userId: string, like: boolean): Promise<{ liked: boolean; likes: number }> {
    return this.#db.transaction(async (tx) => {
      let delta: number;
      if (like) {
        const inserted = await tx
          .insert(musicLikes)
          .values({ musicId, userId })
          .onConflictDoNothing()
          .returning({ userId: musicLikes.userId });
        delta = inserted.length;
      } else {
        const deleted = await tx
          .delete(musicLikes)
          .where(and(eq(musicLikes.musicId, musicId), eq(musicLikes.userId, userId)))
          .returning({ userId: musicLikes.userId });
        delta = -deleted.length;
      }
      const [row] =
        delta === 0
          ? await tx
              .select({ likes: musicItems.likesCount })
              .from(musicItems)
              .where(eq(musicItems.id, musicId))
          : await tx
              .update(musicItems)
              .set({ likesCount: sql`greatest(${musicItems.likesCount} + ${delta}, 0)` })
              .where(eq(musicItems.id, musicId))
              .returning({ likes: musicItems.likesCount });
      return { liked: like, likes: row?.likes ?? 0 };
    });
  }

  /**
   * Counts a listen unless this listener's last counted listen to the song is within `windowSeconds`.
   * The upsert takes the (song, listener) row's lock, so of concurrent listens exactly one counts; the
   * counter moves only then, in the same transaction. Answers the song's listens after it.
   */
  async addView(
    musicId: string,
    listen: { listener: string; viewerId: string | null; windowSeconds: number },
  ): Promise<{ views: number; counted: boolean }> {
    return this.#db.transaction(async (tx) => {
      const fresh = await tx
        .insert(musicListeners)
        .values({ musicId, listener: listen.listener })
        .onConflictDoUpdate({
          target: [musicListeners.musicId, musicListeners.listener],
          set: { countedAt: sql`now()` },
          setWhere: sql`${musicListeners.countedAt} <= now() - make_interval(secs => ${listen.windowSeconds})`,
        })
        .returning({ musicId: musicListeners.musicId });
      if (fresh.length === 0) {
        const [row] = await tx
          .select({ views: musicItems.viewsCount })
          .from(musicItems)
          .where(eq(musicItems.id, musicId));
        return { views: row?.views ?? 0, counted: false };
      }
      const [row] = await tx
        .update(musicItems)
        .set({ viewsCount: sql`${musicItems.viewsCount} + 1` })
        .where(eq(musicItems.id, musicId))
        .returning({ views: musicItems.viewsCount });
      await tx.insert(musicViews).values({ musicId, viewerId: listen.viewerId });
      return { views: row?.views ?? 0, counted: true };
    });
  }
}
