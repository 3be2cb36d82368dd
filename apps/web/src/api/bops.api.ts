import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { PRODUCT_KEY } from '@bops/shared';
import { createEnvelopeBaseQuery } from './envelope-base-query.ts';
import type { ProcessCount } from '@bops/shared/api/shell';
import type { ProfileUpdate, Profile } from '@bops/shared/api/profile';
import type { SignInMethods } from '@bops/shared/api/auth';
import type { DeleteAccountBody, DeletedAccount } from '@bops/shared/api/account';

const profilePath = `user/${PRODUCT_KEY}_profile`;

/** The Bops API (everything under /api that answers in the `{ statusCode, data }` envelope). */
export const bopsApi = createApi({
  reducerPath: 'bopsApi',
  baseQuery: createEnvelopeBaseQuery(),
  tagTypes: ['Profile', 'Processes', 'Playlists', 'Music'],
  endpoints: (build) => ({
    getSignInMethods: build.query<SignInMethods, void>({ query: () => 'sign-in/methods' }),
    getProfile: build.query<Profile, void>({ query: () => profilePath, providesTags: ['Profile'] }),
    updateProfile: build.mutation<Profile, ProfileUpdate>({
      query: (body) => ({ url: `${profilePath}/update`, method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    uploadProfilePhoto: build.mutation<Profile, File>({
      query: (photo) => {
        const form = new FormData();
        form.append('photo', photo);
        return { url: `${profilePath}/photo`, method: 'POST', body: form };
      },
      invalidatesTags: ['Profile'],
    }),
    /** Closes the account for good; `confirmation` is the person's e-mail address, typed again. */
    deleteAccount: build.mutation<DeletedAccount, DeleteAccountBody>({
      query: (body) => ({ url: 'user/delete_account', method: 'POST', body }),
    }),
    getProcessCount: build.query<ProcessCount, void>({
      query: () => 'music/processes',
      providesTags: ['Processes'],
    }),
  }),
});

export const {
  useGetSignInMethodsQuery,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadProfilePhotoMutation,
  useDeleteAccountMutation,
  useGetProcessCountQuery,
} = bopsApi;

/** The part of the store the API's cache lives in: all its helpers need, so the API never imports the store. */
export type ApiState = { [K in typeof bopsApi.reducerPath]: ReturnType<typeof bopsApi.reducer> };

/**
 * The profile, fetched afresh with `force`. The request holds a subscription while it is in flight: a
 * profile update's tag invalidation that lands meanwhile (RTK Query delays it until no request is
 * pending) removes a cache entry nobody subscribes to, answer and all, and the caller would be handed
 * nothing. Subscribed, the entry is refetched instead and the answer kept.
 */
export function fetchProfile(
  options: { force?: boolean } = {},
): ThunkAction<Promise<Profile>, ApiState, unknown, UnknownAction> {
  return async (dispatch) => {
    const request = dispatch(
      bopsApi.endpoints.getProfile.initiate(undefined, { forceRefetch: options.force ?? false }),
    );
    try {
      return await request.unwrap();
    } finally {
      request.unsubscribe();
    }
  };
}
