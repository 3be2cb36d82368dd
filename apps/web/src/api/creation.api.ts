import type { MusicItem } from '@bops/shared';
import type {
  CreateMusicRequest,
  CreateMusicResult,
  CreationProgress,
  DailyAllowance,
  MusicSelections,
  RapArtists,
} from '@bops/shared/api/creation';
import type { GeneratedLyrics, GenerateLyricsRequest } from '@bops/shared/api/lyrics';
import { bopsApi } from './bops.api.ts';

/** The parts of a music item the result view plays. */
export type CreatedSong = Pick<
  MusicItem,
  | 'musicId'
  | 'musicName'
  | 'src'
  | 'lyrics'
  | 'waveform'
  | 'thumbnail'
  | 'cover'
  | 'author'
  | 'duration'
  | 'status'
  | 'download'
  | 'stems'
>;

/** The rap generator's calls, kept beside the shared API so the create page's chunk carries them. */
export const creationApi = bopsApi.enhanceEndpoints({ addTagTypes: ['Playlists'] }).injectEndpoints({
  endpoints: (build) => ({
    getRapArtists: build.query<RapArtists, void>({ query: () => 'music/rapArtists/v3' }),
    getMusicSelections: build.query<MusicSelections, void>({ query: () => 'music/mixMusicSelection_v2' }),
    generateLyrics: build.mutation<GeneratedLyrics, GenerateLyricsRequest>({
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

/** The music id of a create result; null should it be empty. */
export function musicIdOf(result: CreateMusicResult): string | null {
  return result.musicId || null;
}
