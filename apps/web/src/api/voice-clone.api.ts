import type { VoiceCloneCreated, VoiceCloneDeleted, VoiceCloneItem } from '@bops/shared/api/voice-clone';
import { bopsApi } from './bops.api.ts';

export interface VoiceCloneCreate {
  nickname: string;
  /** A recording from the browser or a file the person chose. */
  audio: Blob;
  audioFileName: string;
  photo?: File | null;
  /** 'guided' when the person read the script the recorder shows, so the build can align to it. */
  reading?: 'guided' | 'free';
}

/**
 * AI singer calls (docs/PRODUCT.md#api). The list of AI singers lives on the profile (`voiceclones`), so every change
 * invalidates the profile as well as the one singer.
 */
export const voiceCloneApi = bopsApi.enhanceEndpoints({ addTagTypes: ['VoiceClone'] }).injectEndpoints({
  endpoints: (build) => ({
    createVoiceClone: build.mutation<VoiceCloneCreated, VoiceCloneCreate>({
      query: ({ nickname, audio, audioFileName, photo, reading = 'free' }) => {
        const form = new FormData();
        form.append('voice_clone_nickname', nickname);
        // The person ticked the confirmation; the form refuses to submit without it.
        form.append('terms', 'true');
        form.append('reading', reading);
        form.append('audio', audio, audioFileName);
        if (photo) form.append('photo', photo, photo.name);
        return { url: 'music/voice_clone/create/v2', method: 'POST', body: form };
      },
      invalidatesTags: ['Profile', 'Processes'],
    }),
    retrieveVoiceClone: build.query<VoiceCloneItem, string>({
      query: (id) => ({ url: 'music/voice_clone/retrieve', method: 'POST', body: { voice_clone_id: id } }),
      providesTags: (_result, _error, id) => [{ type: 'VoiceClone', id }],
    }),
    renameVoiceClone: build.mutation<VoiceCloneItem, { id: string; nickname: string }>({
      query: ({ id, nickname }) => ({
        url: 'music/voice_clone/update',
        method: 'POST',
        body: { voice_clone_id: id, voice_clone_nickname: nickname },
      }),
      invalidatesTags: (_result, _error, { id }) => ['Profile', { type: 'VoiceClone', id }],
    }),
    updateVoiceClonePhoto: build.mutation<VoiceCloneItem, { id: string; photo: File }>({
      query: ({ id, photo }) => {
        const form = new FormData();
        form.append('voice_clone_id', id);
        form.append('photo', photo, photo.name);
        return { url: 'music/voice_clone/update_avatar_image', method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { id }) => ['Profile', { type: 'VoiceClone', id }],
    }),
    deleteVoiceClone: build.mutation<VoiceCloneDeleted, string>({
      query: (id) => ({ url: 'music/voice_clone/delete', method: 'POST', body: { voice_clone_id: id } }),
      invalidatesTags: (_result, _error, id) => ['Profile', { type: 'VoiceClone', id }],
    }),
  }),
});

export const {
  useCreateVoiceCloneMutation,
  useRetrieveVoiceCloneQuery,
  useRenameVoiceCloneMutation,
  useUpdateVoiceClonePhotoMutation,
  useDeleteVoiceCloneMutation,
} = voiceCloneApi;
