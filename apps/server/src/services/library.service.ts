import type { Library, LibraryQuery } from '@bops/shared/api/library';
import type { MusicService } from './music.service.ts';
import type { PlaylistService } from './playlist.service.ts';

/**
 * A person's library: their own songs and playlists, searched by title (songs also by the artist shown)
 * and sorted by date, title, likes or listens. Titles read A–Z by default, the rest newest or most first.
 */
export class LibraryService {
  readonly #music: MusicService;
  readonly #playlists: PlaylistService;

  constructor(deps: { music: MusicService; playlists: PlaylistService }) {
    this.#music = deps.music;
    this.#playlists = deps.playlists;
  }

  async search(userId: string, query: LibraryQuery): Promise<Library> {
    const search = {
      q: query.q,
      sort: query.sort,
      order: query.order ?? (query.sort === 'title' ? 'asc' : 'desc'),
      limit: query.limit,
      offset: query.offset,
    } as const;
    const [songs, playlists] = await Promise.all([
      this.#music.search(userId, search),
      this.#playlists.search(userId, search),
    ]);
    return {
      songs: songs.songs,
      playlists: playlists.playlists,
      songCount: songs.total,
      playlistCount: playlists.total,
    };
  }
}
