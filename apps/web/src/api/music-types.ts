/** Wire shapes of the songs and playlists API (spec §3 "Music item" and "Playlist", as the server sends them). */

export interface MusicContext {
  voiceCloneIds: string[];
  creationType: string;
  singerId: string;
  rapperId: string;
  mixMusicId: string;
  prompt: string;
  version: string;
}

export interface MusicItem {
  musicId: string;
  musicName: string;
  /** Streams with HTTP ranges; empty while the song renders or when it has no audio. */
  src: string;
  /** An LRC file; empty when the song has no lyrics. */
  lyrics: string;
  thumbnail: string;
  cover: string;
  /** JSON `{ peaks, words, lines }`; empty when the song has none. */
  waveform: string;
  download: string;
  author: string;
  email: string;
  /** Seconds. */
  duration: number;
  liked: boolean;
  likes: number;
  views: number;
  archieve: boolean;
  created: string;
  changed: string;
  prompt: string;
  context: MusicContext;
  status: 'rendering' | 'ready' | 'failed';
  public: boolean;
  createdBy: string;
}

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

/** Spec §3 "Playlist update": title, archieve and musicIds only when given. */
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
