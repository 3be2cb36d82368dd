import type { MusicItem } from '@bops/shared';
import type { DailyAllowance } from '@bops/shared/api/creation';
import { bopsApi } from './bops.api.ts';

/** docs/PRODUCT.md#entities Artist, as `GET music/rapArtists/v3` sends it. */
export interface ServerArtist {
  artist_id: string;
  name: string;
  description: string;
  artist_voice: string;
  gender: string;
  style: string;
  /** 503 "still being prepared" until the server has rendered it. */
  preview: string;
}

export interface RapArtists {
  rap_artists: ServerArtist[];
  singer_artists: ServerArtist[];
}

/** docs/PRODUCT.md#entities Music selection, server form: one entry of the map keyed by file name. */
export interface ServerMusicSelection {
  id: string;
  name: string;
  artist: string;
  image_src: string;
  mood: string;
  mood_id: string;
  bpm: number;
  playLength: number;
  key: string;
  src: string;
}

export interface MusicSelections {
  musics: Record<string, ServerMusicSelection>;
  moods: { id: string; label: string }[];
}

/** docs/PRODUCT.md#entities music creation request. */
export interface CreateMusicRequest {
  creatorNickname: string;
  musicName: string;
  musicContext: string;
  prompt: string;
  style: string;
  contactEmail: string;
  artist_id: string;
  voice_clone_id: string;
  vocal_artist_id: '';
  mixmusic_id: string;
  version: '1.0';
}

/** docs/PRODUCT.md#entities Create-music result. */
export interface CreateMusicResult {
  submitted: boolean;
  tasks: string[];
  task_id: string;
  /** Seconds. */
  estimation: number;
  musicId?: string;
  song_id?: string;
  id?: string;
  creatorNickname?: string;
  author?: string;
}

export type CreationStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface CreationProgress {
  taskId: string;
  musicId: string | null;
  status: CreationStatus;
  phase: string;
  /** 0..1 over the whole render. */
  progress: number;
  estimation: number;
  error: string | null;
}

/** The parts of a music item the result view plays. */
export interface CreatedSong {
  musicId: string;
  musicName: string;
  /** '' until the song is ready. */
  src: string;
  /** URL of an LRC file with word tags; '' when the song has none. */
  lyrics: string;
  waveform?: string;
  thumbnail: string;
  cover: string;
  author: string;
  duration: number;
  status?: 'rendering' | 'ready' | 'failed';
  /** '' until the song is ready. */
  download?: string;
  /** A finished cover's stems. */
  stems?: MusicItem['stems'];
}

/** The rap generator's calls, kept beside the shared API so the create page's chunk carries them. */
export const creationApi = bopsApi.enhanceEndpoints({ addTagTypes: ['Playlists'] }).injectEndpoints({
  endpoints: (build) => ({
    getRapArtists: build.query<RapArtists, void>({ query: () => 'music/rapArtists/v3' }),
    getMusicSelections: build.query<MusicSelections, void>({ query: () => 'music/mixMusicSelection_v2' }),
    generateLyrics: build.mutation<string, { musicName: string; context: string; style?: string }>({
      query: (body) => ({ url: 'music/generateLyrics/v3', method: 'POST', body }),
    }),
    createMusic: build.mutation<CreateMusicResult, CreateMusicRequest>({
      query: (body) => ({ url: 'music/createMusic/v3', method: 'POST', body }),
      invalidatesTags: ['Processes'],
    }),
    // Asked afresh on each step: a creation started elsewhere (a cover, another tab) counts too.
    getDailyAllowance: build.query<DailyAllowance, void>({
      query: () => 'music/daily_allowance',
      providesTags: ['Processes'],
    }),
    getCreation: build.query<CreationProgress, string>({
      query: (taskId) => `music/creations/${encodeURIComponent(taskId)}`,
    }),
    getCreatedSong: build.query<CreatedSong, string>({
      query: (musicId) => `music/getMusic/${encodeURIComponent(musicId)}`,
    }),
  }),
});

export const {
  useGetRapArtistsQuery,
  useGetMusicSelectionsQuery,
  useGenerateLyricsMutation,
  useCreateMusicMutation,
  useGetCreatedSongQuery,
  useGetDailyAllowanceQuery,
} = creationApi;

/** The music id of a create result, whichever name the server gave it (docs/PRODUCT.md#entities). */
export function musicIdOf(result: CreateMusicResult): string | null {
  return result.musicId || result.song_id || result.id || null;
}
