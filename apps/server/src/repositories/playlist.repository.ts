import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { musicItems, playlistItems, playlists } from '../db/schema.ts';
import { containsPattern, musicVisibleTo, type LibrarySearch, type MusicRow } from './music.repository.ts';

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistKind = PlaylistRow['kind'];

/** The fixed ids of the instance-wide playlists. */
export const TOP_SONGS_PLAYLIST_ID = 'top-songs';
export const TOP_BY_VIEWS_PLAYLIST_ID = 'top-by-views';

/** One song of a playlist, as much as a playlist summary needs. */
export interface PlaylistEntry {
  playlistId: string;
  musicId: string;
  thumbnailKey: string | null;
  coverKey: string | null;
  /** What the song's drawn cover shows. */
  name: string;
  author: string;
  context: MusicRow['context'];
}

export interface PlaylistChanges {
  title?: string;
  isPrivate?: boolean;
  archived?: boolean;
}

export class PlaylistRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findById(id: string): Promise<PlaylistRow | null> {
    const [row] = await this.#db.select().from(playlists).where(eq(playlists.id, id));
    return row ?? null;
  }

  async findDefault(ownerId: string): Promise<PlaylistRow | null> {
    const [row] = await this.#db
      .select()
      .from(playlists)
      .where(and(eq(playlists.ownerId, ownerId), eq(playlists.kind, 'default')));
    return row ?? null;
  }

  /** The owner's default playlist, created on first use; the unique index keeps it one per person. */
  async ensureDefault(ownerId: string, title: string): Promise<PlaylistRow> {
    const existing = await this.findDefault(ownerId);
    if (existing) return existing;
    await this.#db
      .insert(playlists)
      .values({ id: randomUUID(), ownerId, title, kind: 'default', isPrivate: true })
      .onConflictDoNothing();
    const created = await this.findDefault(ownerId);
    if (!created) throw new Error('default playlist missing after insert');
    return created;
  }

  /** Creates the instance-wide playlists if they are missing. */
  async ensureSystemPlaylists(rows: Array<{ id: string; title: string; kind: PlaylistKind }>): Promise<void> {
    await this.#db
      .insert(playlists)
      .values(rows.map((row) => ({ ...row, ownerId: null, isPrivate: false })))
      .onConflictDoNothing();
  }

  async findByIds(ids: string[]): Promise<PlaylistRow[]> {
    if (ids.length === 0) return [];
    return this.#db.select().from(playlists).where(inArray(playlists.id, ids));
  }

  /** The owner's own playlists, oldest first; archived ones only when asked for. */
  async listOwned(ownerId: string, includeArchived: boolean): Promise<PlaylistRow[]> {
    const owned = eq(playlists.ownerId, ownerId);
    return this.#db
      .select()
      .from(playlists)
      .where(includeArchived ? owned : and(owned, eq(playlists.archived, false)))
      .orderBy(asc(playlists.createdAt), asc(playlists.id));
  }

  /**
   * The owner's own playlists (not archived) whose shown title holds `q`, sorted by date, title, or the likes
   * or listens of their songs together; one page and how many match in all.
   */
  async searchOwned(
    ownerId: string,
    search: LibrarySearch,
    defaultTitle: string,
  ): Promise<{ rows: PlaylistRow[]; total: number }> {
    const shownTitle = sql`lower(case when ${playlists.kind} = 'default' then ${defaultTitle} else ${playlists.title} end)`;
    const where = and(
      eq(playlists.ownerId, ownerId),
      eq(playlists.archived, false),
      search.q ? sql`${shownTitle} like ${containsPattern(search.q)} escape '\\'` : undefined,
    );
    const songsTotal = (column: 'likes_count' | 'views_count') =>
      sql`(select coalesce(sum(m.${sql.raw(column)}), 0) from playlist_items pi join music_items m on m.id = pi.music_id where pi.playlist_id = ${playlists.id})`;
    const key = {
      date: playlists.createdAt,
      title: shownTitle,
      likes: songsTotal('likes_count'),
      listens: songsTotal('views_count'),
    }[search.sort];
    const direction = search.order === 'asc' ? asc : desc;
    const [rows, [counted]] = await Promise.all([
      this.#db
        .select()
        .from(playlists)
        .where(where)
        .orderBy(direction(key), desc(playlists.createdAt), asc(playlists.id))
        .limit(search.limit)
        .offset(search.offset),
      this.#db.select({ total: count() }).from(playlists).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** The songs of these playlists that the viewer may see, in playlist order. */
  async entries(playlistIds: string[], viewerId: string | null): Promise<PlaylistEntry[]> {
    if (playlistIds.length === 0) return [];
    return this.#db
      .select({
        playlistId: playlistItems.playlistId,
        musicId: playlistItems.musicId,
        thumbnailKey: musicItems.thumbnailKey,
        coverKey: musicItems.coverKey,
        name: musicItems.name,
        author: musicItems.author,
        context: musicItems.context,
      })
      .from(playlistItems)
      .innerJoin(musicItems, eq(musicItems.id, playlistItems.musicId))
      .where(and(inArray(playlistItems.playlistId, playlistIds), musicVisibleTo(viewerId)))
      .orderBy(playlistItems.playlistId, playlistItems.position, playlistItems.addedAt);
  }

  async create(row: { ownerId: string; title: string; isPrivate: boolean }): Promise<PlaylistRow> {
    const [created] = await this.#db
      .insert(playlists)
      .values({ id: randomUUID(), kind: 'user', ...row })
      .returning();
    if (!created) throw new Error('playlist insert returned nothing');
    return created;
  }

  async update(id: string, changes: PlaylistChanges): Promise<PlaylistRow | null> {
    const [row] = await this.#db
      .update(playlists)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(playlists.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.#db.delete(playlists).where(eq(playlists.id, id));
  }

  /** Replaces the playlist's songs with `musicIds`, in that order, in one transaction. */
  async replaceItems(playlistId: string, musicIds: string[]): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.delete(playlistItems).where(eq(playlistItems.playlistId, playlistId));
      if (musicIds.length > 0) {
        await tx
          .insert(playlistItems)
          .values(musicIds.map((musicId, position) => ({ playlistId, musicId, position })));
      }
      await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
    });
  }

  /** Puts a song at a given position (or moves it there). */
  async placeItem(playlistId: string, musicId: string, position: number): Promise<void> {
    await this.#db
      .insert(playlistItems)
      .values({ playlistId, musicId, position })
      .onConflictDoUpdate({ target: [playlistItems.playlistId, playlistItems.musicId], set: { position } });
  }

  /** Appends a song at the end; a song already in the playlist stays where it is. */
  async appendItem(playlistId: string, musicId: string): Promise<boolean> {
    const inserted = await this.#db
      .insert(playlistItems)
      .values({
        playlistId,
        musicId,
        position: sql`(select coalesce(max(position) + 1, 0) from playlist_items where playlist_id = ${playlistId})`,
      })
      .onConflictDoNothing()
      .returning({ musicId: playlistItems.musicId });
    return inserted.length > 0;
  }
}
