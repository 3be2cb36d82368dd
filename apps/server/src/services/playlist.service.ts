import { badRequest, HttpError, notFound } from '../http/http-error.ts';
import type { ReadCache } from '../db/read-cache.ts';
import type { LibrarySearch, MusicRepository, ViewedMusic } from '../repositories/music.repository.ts';
import {
  TOP_BY_VIEWS_PLAYLIST_ID,
  TOP_SONGS_PLAYLIST_ID,
  type PlaylistEntry,
  type PlaylistRepository,
  type PlaylistRow,
} from '../repositories/playlist.repository.ts';
import type {
  CreatePlaylistBody,
  DeletedPlaylist,
  Playlist,
  PlaylistSummary,
  UpdatePlaylistBody,
} from '@bops/shared/api/playlist';
import { DEFAULT_COVER_PATH, presentMusic } from './music-presenter.ts';
import { songArtUrl } from './song-art.ts';

/** The display title of every person's default playlist (docs/PRODUCT.md#entities: a fixed display title). */
export const DEFAULT_PLAYLIST_TITLE = 'My Bops';
/** The curated playlist the home page shows as "Demo": only its first 8 songs. */
export const TOP_SONGS_TITLE = 'Demo';
export const TOP_SONGS_LIMIT = 8;
export const TOP_BY_VIEWS_TITLE = 'Top Bops';
export const TOP_BY_VIEWS_LIMIT = 20;
/** How long the playlist list reuses the computed "top by views" chart. */
export const TOP_BY_VIEWS_LIST_CACHE_MS = 10_000;

const NOT_FOUND = 'This playlist does not exist.';

type SummaryEntry = Omit<PlaylistEntry, 'playlistId'>;

function entryOf({ music }: ViewedMusic): SummaryEntry {
  return {
    musicId: music.id,
    thumbnailKey: music.thumbnailKey,
    coverKey: music.coverKey,
    name: music.name,
    author: music.author,
    context: music.context,
  };
}

function isVisiblePlaylist(row: PlaylistRow, viewerId: string | null): boolean {
  if (viewerId !== null && row.ownerId === viewerId) return true;
  return !row.isPrivate && !row.archived;
}

/**
 * Playlists: a person's own (their default "My Bops" among them), the curated "Demo" playlist and the
 * computed "top by views" one. Private playlists answer 404 to anyone but their owner; archived ones
 * leave the lists and the share links but stay readable and restorable by their owner.
 */
export class PlaylistService {
  readonly #playlists: PlaylistRepository;
  readonly #music: MusicRepository;
  #system: Promise<void> | null = null;
  #topByViews: { until: number; songs: Promise<ViewedMusic[]> } | null = null;

  readonly #cache: ReadCache;

  constructor(deps: { playlists: PlaylistRepository; music: MusicRepository; readCache: ReadCache }) {
    this.#playlists = deps.playlists;
    this.#music = deps.music;
    this.#cache = deps.readCache;
  }

  /** The instance-wide playlists exist once the first request needs them. */
  #ensureSystemPlaylists(): Promise<void> {
    this.#system ??= this.#playlists
      .ensureSystemPlaylists([
        { id: TOP_SONGS_PLAYLIST_ID, title: TOP_SONGS_TITLE, kind: 'top_songs' },
        { id: TOP_BY_VIEWS_PLAYLIST_ID, title: TOP_BY_VIEWS_TITLE, kind: 'top_by_views' },
      ])
      .catch((error: unknown) => {
        this.#system = null;
        throw error;
      });
    return this.#system;
  }

  /**
   * The chart as the playlist list summarises it: the same for everyone, so it is computed at most once
   * every few seconds per process. Opening the playlist itself always computes it afresh.
   */
  #topByViewsForList(): Promise<ViewedMusic[]> {
    const now = Date.now();
    if (!this.#topByViews || this.#topByViews.until <= now) {
      const songs = this.#music.topByViews(null, TOP_BY_VIEWS_LIMIT);
      this.#topByViews = { until: now + TOP_BY_VIEWS_LIST_CACHE_MS, songs };
      songs.catch(() => (this.#topByViews = null));
    }
    return this.#topByViews.songs;
  }

  #summary(row: PlaylistRow, entries: SummaryEntry[]): PlaylistSummary {
    const first = entries[0];
    const isDefault = row.kind === 'default';
    return {
      id: row.id,
      title: isDefault ? DEFAULT_PLAYLIST_TITLE : row.title,
      private: row.isPrivate,
      archieve: row.archived,
      isDefault,
      kind: row.kind,
      numMusics: entries.length,
      cover: first ? songArtUrl({ id: first.musicId, ...first }, 'thumbnail') : DEFAULT_COVER_PATH,
      musicId: first?.musicId ?? '',
      musicIds: entries.map((entry) => entry.musicId),
      createdBy: row.ownerId ?? '',
      created: row.createdAt.toISOString(),
      changed: row.updatedAt.toISOString(),
    };
  }

  #withMusics(row: PlaylistRow, musics: ViewedMusic[], viewerId: string | null): Playlist {
    return {
      ...this.#summary(row, musics.map(entryOf)),
      musics: musics.map((viewed) => presentMusic(viewed, viewerId)),
    };
  }

  /**
   * `GET music/playlists`: the instance-wide playlists that have songs, then the caller's own playlists
   * oldest first, their default playlist last. Archived ones only when asked for (to restore them).
   */
  async list(userId: string, options: { includeArchived?: boolean } = {}): Promise<PlaylistSummary[]> {
    const includeArchived = options.includeArchived ?? false;
    const [{ own, entries, system }, topByViews] = await Promise.all([
      this.#cache.get(`playlists:${userId}:${includeArchived}`, () =>
        this.#listRows(userId, includeArchived),
      ),
      this.#topByViewsForList(),
    ]);
    const byPlaylist = new Map<string, SummaryEntry[]>();
    for (const entry of entries) {
      const list = byPlaylist.get(entry.playlistId) ?? [];
      list.push(entry);
      byPlaylist.set(entry.playlistId, list);
    }
    const summaries: PlaylistSummary[] = [];
    const topSongs = system.find((row) => row.id === TOP_SONGS_PLAYLIST_ID);
    const topSongsEntries = (byPlaylist.get(TOP_SONGS_PLAYLIST_ID) ?? []).slice(0, TOP_SONGS_LIMIT);
    if (topSongs && topSongsEntries.length > 0) summaries.push(this.#summary(topSongs, topSongsEntries));
    const topViews = system.find((row) => row.id === TOP_BY_VIEWS_PLAYLIST_ID);
    if (topViews && topByViews.length > 0) summaries.push(this.#summary(topViews, topByViews.map(entryOf)));
    const ordered = [
      ...own.filter((row) => row.kind !== 'default'),
      ...own.filter((row) => row.kind === 'default'),
    ];
    for (const row of ordered) summaries.push(this.#summary(row, byPlaylist.get(row.id) ?? []));
    return summaries;
  }

  /** `GET music/library`'s playlists: the caller's own, searched and sorted (their songs as they see them). */
  async search(
    userId: string,
    search: LibrarySearch,
  ): Promise<{ playlists: PlaylistSummary[]; total: number }> {
    const { rows, total } = await this.#playlists.searchOwned(userId, search, DEFAULT_PLAYLIST_TITLE);
    const entries = await this.#playlists.entries(
      rows.map((row) => row.id),
      userId,
    );
    return {
      playlists: rows.map((row) =>
        this.#summary(
          row,
          entries.filter((entry) => entry.playlistId === row.id),
        ),
      ),
      total,
    };
  }

  /** Everything the playlist list shows for one person, apart from the chart (kept on its own). */
  async #listRows(userId: string, includeArchived: boolean) {
    await this.#ensureSystemPlaylists();
    let own = await this.#playlists.listOwned(userId, includeArchived);
    if (!own.some((row) => row.kind === 'default')) {
      await this.#playlists.ensureDefault(userId, DEFAULT_PLAYLIST_TITLE);
      own = await this.#playlists.listOwned(userId, includeArchived);
    }
    const [entries, system] = await Promise.all([
      this.#playlists.entries([TOP_SONGS_PLAYLIST_ID, ...own.map((row) => row.id)], userId),
      this.#playlists.findByIds([TOP_SONGS_PLAYLIST_ID, TOP_BY_VIEWS_PLAYLIST_ID]),
    ]);
    return { own, entries, system };
  }

  async #readable(playlistId: string, viewerId: string | null): Promise<PlaylistRow> {
    if (playlistId === TOP_BY_VIEWS_PLAYLIST_ID || playlistId === TOP_SONGS_PLAYLIST_ID) {
      await this.#ensureSystemPlaylists();
    }
    const row = await this.#playlists.findById(playlistId);
    if (!row || !isVisiblePlaylist(row, viewerId)) throw notFound(NOT_FOUND);
    return row;
  }

  async #musicsOf(row: PlaylistRow, viewerId: string | null): Promise<ViewedMusic[]> {
    if (row.kind === 'top_by_views') return this.#music.topByViews(viewerId, TOP_BY_VIEWS_LIMIT);
    const limit = row.kind === 'top_songs' ? TOP_SONGS_LIMIT : undefined;
    return this.#music.listInPlaylist(row.id, viewerId, limit);
  }

  /** `GET music/playlist/{playlistId}`: the playlist and its songs (those the caller may see), in order. */
  async get(viewerId: string, playlistId: string): Promise<Playlist> {
    const row = await this.#readable(playlistId, viewerId);
    return this.#withMusics(row, await this.#musicsOf(row, viewerId), viewerId);
  }

  /** `GET music/shared-playlist/{playlistId}`: public, non-archived playlists only, for anyone. */
  async shared(playlistId: string, viewerId: string | null): Promise<Playlist> {
    const row = await this.#readable(playlistId, null);
    return this.#withMusics(row, await this.#musicsOf(row, viewerId), viewerId);
  }

  /** A public playlist, or null (link previews must not reveal anything else). */
  async findPublic(playlistId: string): Promise<Playlist | null> {
    try {
      return await this.shared(playlistId, null);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** The caller's own playlist, for a change. Someone else's visible playlist answers 403. */
  async #owned(userId: string, playlistId: string): Promise<PlaylistRow> {
    const row = await this.#readable(playlistId, userId);
    if (row.ownerId !== userId) throw new HttpError(403, 'You can only change your own playlists.');
    return row;
  }

  /** Songs the caller may put in a playlist: their own and public ones. Duplicates keep their first place. */
  async #checkedMusicIds(userId: string, musicIds: string[]): Promise<string[]> {
    const unique = [...new Set(musicIds)];
    const visible = await this.#music.visibleIds(unique, userId);
    const unknown = unique.filter((id) => !visible.has(id));
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 5).join(', ');
      throw badRequest(`These songs do not exist: ${shown}${unknown.length > 5 ? ', …' : ''}`);
    }
    return unique;
  }

  async create(userId: string, body: CreatePlaylistBody): Promise<Playlist> {
    const row = await this.#playlists.create({
      ownerId: userId,
      title: body.playlistName,
      isPrivate: body.private,
    });
    return this.#withMusics(row, [], userId);
  }

  /** `PATCH music/playlist/v3/{playlistId}`: replaces the songs and their order. */
  async replaceMusics(userId: string, playlistId: string, musicIds: string[]): Promise<Playlist> {
    await this.#owned(userId, playlistId);
    await this.#playlists.replaceItems(playlistId, await this.#checkedMusicIds(userId, musicIds));
    return this.get(userId, playlistId);
  }

  /** `PATCH music/playlist/{playlistId}`: private, title, archieve and musicIds, each only when given. */
  async update(userId: string, playlistId: string, body: UpdatePlaylistBody): Promise<Playlist> {
    const row = await this.#owned(userId, playlistId);
    const isDefault = row.kind === 'default';
    if (isDefault && body.archieve === true) throw badRequest("The default playlist can't be archived.");
    const musicIds = body.musicIds ? await this.#checkedMusicIds(userId, body.musicIds) : undefined;
    await this.#playlists.update(playlistId, {
      ...(body.private !== undefined ? { isPrivate: body.private } : {}),
      // The default playlist always shows as "My Bops"; its stored title does not change.
      ...(body.title !== undefined && !isDefault ? { title: body.title } : {}),
      ...(body.archieve !== undefined ? { archived: body.archieve } : {}),
    });
    if (musicIds) await this.#playlists.replaceItems(playlistId, musicIds);
    return this.get(userId, playlistId);
  }

  async remove(userId: string, playlistId: string): Promise<DeletedPlaylist> {
    const row = await this.#owned(userId, playlistId);
    if (row.kind === 'default') throw badRequest("The default playlist can't be deleted.");
    await this.#playlists.delete(playlistId);
    return { id: playlistId, deleted: true };
  }

  /** Sets the curated "Demo" playlist's songs (the demo seeding and operators use this). */
  async setTopSongs(musicIds: string[]): Promise<void> {
    await this.#ensureSystemPlaylists();
    await this.#playlists.replaceItems(TOP_SONGS_PLAYLIST_ID, [...new Set(musicIds)]);
  }

  /** Puts a song into the curated "Demo" playlist at `position` (0 first). */
  async placeTopSong(musicId: string, position: number): Promise<void> {
    await this.#ensureSystemPlaylists();
    await this.#playlists.placeItem(TOP_SONGS_PLAYLIST_ID, musicId, position);
  }

  /**
   * Puts a new song at the end of its owner's default playlist "My Bops" (created if needed); a song
   * already there is skipped. The creation flow calls this when a song is made.
   */
  async addToDefaultPlaylist(
    userId: string,
    musicId: string,
  ): Promise<{ playlistId: string; added: boolean }> {
    const playlist = await this.#playlists.ensureDefault(userId, DEFAULT_PLAYLIST_TITLE);
    return { playlistId: playlist.id, added: await this.#playlists.appendItem(playlist.id, musicId) };
  }
}
