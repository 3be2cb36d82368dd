import type { CreateSongCoverRequest, CreateSongCoverResult, SongCoverOptions } from '@bops/shared';
import { bopsApi } from './bops.api.ts';

/** A cover request as the form sends it: the fields, and a song file instead of a link when one was chosen. */
export interface SongCoverSubmission {
  fields: CreateSongCoverRequest;
  file: File | null;
}

/** The song remix calls (docs/PRODUCT.md#api `create_song_cover`), beside the shared API so the page's chunk carries them. */
export const songCoverApi = bopsApi.injectEndpoints({
  endpoints: (build) => ({
    getSongCoverOptions: build.query<SongCoverOptions, void>({ query: () => 'music/song_cover/options' }),
    createSongCover: build.mutation<CreateSongCoverResult, SongCoverSubmission>({
      query: ({ fields, file }) => {
        if (!file) return { url: 'music/create_song_cover', method: 'POST', body: fields };
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) {
          if (value !== undefined && name !== 'song_url') form.append(name, String(value));
        }
        form.append('song', file, file.name);
        return { url: 'music/create_song_cover', method: 'POST', body: form };
      },
      invalidatesTags: ['Processes', 'Playlists'],
    }),
  }),
});

export const { useGetSongCoverOptionsQuery, useCreateSongCoverMutation } = songCoverApi;
