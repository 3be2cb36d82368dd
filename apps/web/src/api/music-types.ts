/** Wire shapes of the songs and playlists API (docs/PRODUCT.md#entities "Music item" and "Playlist", as the server sends them). */

import type { MusicItem } from '@bops/shared';

export type { MusicContext, MusicItem } from '@bops/shared';

/** 'user', 'default' ("My Bops"), 'top_songs' (the curated "Demo") or 'top_by_views'. */
export type PlaylistKind = 'user' | 'default' | 'top_songs' | 'top_by_views';

export interface PlaylistSummary {
  id: string;
  title: string;
  private: boolean;
  archieve: boolean;
  isDefault: boolean;
  kind: PlaylistKind | (string & {});
  numMusics: number;
  cover: string;
  musicId: string;
  musicIds: string[];
  createdBy: string;
  created: string;
  changed: string;
}

export interface Playlist extends PlaylistSummary {
  musics: MusicItem[];
}

export interface PlaylistCreate {
  playlistName: string;
  private: boolean;
}

/** docs/PRODUCT.md#entities "Playlist update": title, archieve and musicIds only when given. */
export interface PlaylistUpdate {
  id: string;
  private: boolean;
  title?: string;
  archieve?: boolean;
  musicIds?: string[];
}

export interface LikeResult {
  musicId: string;
  liked: boolean;
  likes: number;
}

export interface ViewResult {
  musicId: string;
  views: number;
}

/** `/api/music/{musicId}/waveform`. Words may name their line by index. */
export interface WaveformData {
  peaks: number[];
  words: { text: string; start: number; end: number; line?: number }[];
  lines: { text: string; start: number; end: number }[];
}
