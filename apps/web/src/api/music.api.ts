import { bopsApi, type ApiState } from './bops.api.ts';
import {
  COVER_PICTURE_FIELD,
  type DeletedMusic,
  type LikeResult,
  type RenameMusicBody,
  type ViewResult,
} from '@bops/shared/api/music';
import type { MusicItem } from '@bops/shared';
import type { CreateMusicResult } from '@bops/shared/api/creation';
import type { Library, LibraryRequest } from '@bops/shared/api/library';
import type {
  DeletedPlaylist,
  Playlist,
  PlaylistCreate,
  PlaylistSummary,
  PlaylistUpdate,
} from '@bops/shared/api/playlist';

type MusicPatch = Partial<Pick<MusicItem, 'liked' | 'likes' | 'views'>>;

function applyPatch(music: MusicItem, patch: MusicPatch) {
  Object.assign(music, patch);
}

/**
 * Songs and playlists (docs/PRODUCT.md#api). Playlist queries carry the 'Playlists' tag, so anything that changes a playlist
 * (a finished creation among them) reloads them by invalidating it.
 */
export const musicApi = bopsApi.injectEndpoints({
  endpoints: (build) => ({
    getPlaylists: build.query<PlaylistSummary[], { includeArchived?: boolean } | void>({
      query: (options) => ({
        url: 'music/playlists',
        params: { includeArchived: options?.includeArchived ? 'true' : undefined },
      }),
      providesTags: ['Playlists'],
    }),
    getPlaylist: build.query<Playlist, string>({
      query: (playlistId) => `music/playlist/${encodeURIComponent(playlistId)}`,
      providesTags: (_result, _error, playlistId) => [{ type: 'Playlists', id: playlistId }],
      // The playlist already holds every song; the player reads them from the song cache without asking again.
      async onQueryStarted(_playlistId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data || data.musics.length === 0) return;
        dispatch(
          musicApi.util.upsertQueryEntries(
            data.musics.map((music) => ({ endpointName: 'getMusic', arg: music.musicId, value: music })),
          ),
        );
      },
    }),
    /** Public: a visitor with the link may read a public playlist. */
    getSharedPlaylist: build.query<Playlist, string>({
      query: (playlistId) => `music/shared-playlist/${encodeURIComponent(playlistId)}`,
      providesTags: (_result, _error, playlistId) => [{ type: 'Playlists', id: playlistId }],
      async onQueryStarted(_playlistId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data || data.musics.length === 0) return;
        dispatch(
          musicApi.util.upsertQueryEntries(
            data.musics.map((music) => ({
              endpointName: 'getSharedMusic',
              arg: music.musicId,
              value: music,
            })),
          ),
        );
      },
    }),
    /** The person's own songs and playlists, searched and sorted by the server. */
    getLibrary: build.query<Library, LibraryRequest>({
      query: (request) => ({ url: 'music/library', params: { ...request } }),
      providesTags: ['Playlists'],
    }),
    getMusic: build.query<MusicItem, string>({
      query: (musicId) => `music/getMusic/${encodeURIComponent(musicId)}`,
      providesTags: (_result, _error, musicId) => [{ type: 'Music', id: musicId }],
    }),
    /** Public: a song anyone with its share link may hear. */
    getSharedMusic: build.query<MusicItem, string>({
      query: (musicId) => `music/shared/${encodeURIComponent(musicId)}`,
      providesTags: (_result, _error, musicId) => [{ type: 'Music', id: musicId }],
    }),
    createPlaylist: build.mutation<Playlist, PlaylistCreate>({
      query: (body) => ({ url: 'music/playlist', method: 'POST', body }),
      invalidatesTags: ['Playlists'],
    }),
    updatePlaylist: build.mutation<Playlist, PlaylistUpdate & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `music/playlist/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Playlists'],
      onQueryStarted: (_update, api) => keepAnswer(api),
    }),
    /** Replaces a playlist's songs and their order. */
    setPlaylistMusics: build.mutation<Playlist, { id: string; musicIds: string[] }>({
      query: ({ id, musicIds }) => ({
        url: `music/playlist/v3/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { musicIds },
      }),
      invalidatesTags: ['Playlists'],
      async onQueryStarted({ id, musicIds }, api) {
        const undo = patchPlaylistSummaries(api.dispatch, api.getState() as ApiState, id, musicIds);
        const answered = await api.queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!answered) undo();
        await keepAnswer(api);
      },
    }),
    /** The owner renames a song; every list and page showing it reads it again. */
    renameMusic: build.mutation<MusicItem, RenameMusicBody & { musicId: string }>({
      query: ({ musicId, ...body }) => ({
        url: `music/song/${encodeURIComponent(musicId)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, _error, { musicId }) => ['Playlists', { type: 'Music', id: musicId }],
    }),
    /** The owner sets their song's cover picture; lists and pages read the song again (a new cover URL). */
    setSongCover: build.mutation<MusicItem, { musicId: string; picture: File }>({
      query: ({ musicId, picture }) => {
        const form = new FormData();
        form.append(COVER_PICTURE_FIELD, picture);
        return { url: `music/song/${encodeURIComponent(musicId)}/cover`, method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { musicId }) => ['Playlists', { type: 'Music', id: musicId }],
    }),
    /** The owner goes back to the cover drawn from the song. */
    clearSongCover: build.mutation<MusicItem, string>({
      query: (musicId) => ({ url: `music/song/${encodeURIComponent(musicId)}/cover`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, musicId) => ['Playlists', { type: 'Music', id: musicId }],
    }),
    /** Another take of the person's rap: a new song in the next flow style; the process count goes up. */
    anotherTake: build.mutation<CreateMusicResult, string>({
      query: (musicId) => ({ url: `music/another_take/${encodeURIComponent(musicId)}`, method: 'POST' }),
      invalidatesTags: ['Playlists', 'Processes'],
    }),
    /** The owner deletes a song; it leaves every playlist. */
    deleteMusic: build.mutation<DeletedMusic, string>({
      query: (musicId) => ({ url: `music/song/${encodeURIComponent(musicId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, musicId) => ['Playlists', { type: 'Music', id: musicId }],
    }),
    deletePlaylist: build.mutation<DeletedPlaylist, string>({
      query: (playlistId) => ({ url: `music/playlist/${encodeURIComponent(playlistId)}`, method: 'DELETE' }),
      invalidatesTags: ['Playlists'],
    }),
    /** docs/PRODUCT.md#states: a like sets liked and moves the count at once; the server's answer then settles both. */
    likeMusic: build.mutation<LikeResult, { musicId: string; like: boolean }>({
      query: ({ musicId, like }) => ({
        url: `music/social/like/${encodeURIComponent(musicId)}`,
        method: 'POST',
        body: { count: like ? 1 : 0 },
      }),
      async onQueryStarted({ musicId, like }, { dispatch, getState, queryFulfilled }) {
        const undo = patchMusicEverywhere(dispatch, getState() as ApiState, musicId, (music) => {
          if (music.liked === like) return;
          music.liked = like;
          music.likes = Math.max(0, music.likes + (like ? 1 : -1));
        });
        try {
          const { data } = await queryFulfilled;
          patchMusicEverywhere(dispatch, getState() as ApiState, musicId, (music) =>
            applyPatch(music, { liked: data.liked, likes: data.likes }),
          );
        } catch {
          undo();
        }
      },
    }),
    /** A listen. docs/PRODUCT.md#api: failure is ignored. */
    viewMusic: build.mutation<ViewResult, string>({
      query: (musicId) => ({ url: `music/social/view/${encodeURIComponent(musicId)}`, method: 'POST' }),
      async onQueryStarted(musicId, { dispatch, getState, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        patchMusicEverywhere(dispatch, getState() as ApiState, musicId, (music) =>
          applyPatch(music, { views: result.data.views }),
        );
      },
    }),
  }),
});

type AppDispatchLike = (action: unknown) => unknown;

/**
 * The server answers a playlist change with the changed playlist: it goes into the cache at once, so a second edit
 * made before the reload finishes starts from the new song list rather than the old one.
 */
async function keepAnswer(api: { dispatch: AppDispatchLike; queryFulfilled: Promise<{ data: Playlist }> }) {
  const result = await api.queryFulfilled.catch(() => null);
  if (!result) return;
  api.dispatch(musicApi.util.upsertQueryData('getPlaylist', result.data.id, result.data));
}

/**
 * A tick in "Add to playlist" shows at once: every cached playlist list gets the new songs before the server answers,
 * and goes back if it refuses.
 */
function patchPlaylistSummaries(
  dispatch: AppDispatchLike,
  state: ApiState,
  playlistId: string,
  musicIds: string[],
): () => void {
  const undos = musicApi.util.selectCachedArgsForQuery(state, 'getPlaylists').map(
    (arg) =>
      dispatch(
        musicApi.util.updateQueryData('getPlaylists', arg, (playlists) => {
          const playlist = playlists.find((candidate) => candidate.id === playlistId);
          if (!playlist) return;
          playlist.musicIds = musicIds;
          playlist.numMusics = musicIds.length;
        }),
      ) as { undo: () => void },
  );
  return () => undos.forEach((patch) => patch.undo());
}

/** Applies a change to every cached copy of a song (alone or inside playlists); returns an undo. */
function patchMusicEverywhere(
  dispatch: AppDispatchLike,
  state: ApiState,
  musicId: string,
  recipe: (music: MusicItem) => void,
): () => void {
  const undos: (() => void)[] = [];
  const keep = (patch: { undo: () => void }) => undos.push(patch.undo);
  for (const endpoint of ['getMusic', 'getSharedMusic'] as const) {
    for (const arg of musicApi.util.selectCachedArgsForQuery(state, endpoint)) {
      if (arg !== musicId) continue;
      keep(dispatch(musicApi.util.updateQueryData(endpoint, arg, recipe)) as { undo: () => void });
    }
  }
  for (const endpoint of ['getPlaylist', 'getSharedPlaylist'] as const) {
    for (const arg of musicApi.util.selectCachedArgsForQuery(state, endpoint)) {
      keep(
        dispatch(
          musicApi.util.updateQueryData(endpoint, arg, (playlist) => {
            for (const music of playlist.musics) if (music.musicId === musicId) recipe(music);
          }),
        ) as { undo: () => void },
      );
    }
  }
  return () => undos.forEach((undo) => undo());
}

export const {
  useGetPlaylistsQuery,
  useGetPlaylistQuery,
  useGetSharedPlaylistQuery,
  useGetMusicQuery,
  useGetLibraryQuery,
  useGetSharedMusicQuery,
  useCreatePlaylistMutation,
  useUpdatePlaylistMutation,
  useSetPlaylistMusicsMutation,
  useDeletePlaylistMutation,
  useRenameMusicMutation,
  useSetSongCoverMutation,
  useClearSongCoverMutation,
  useAnotherTakeMutation,
  useDeleteMusicMutation,
  useLikeMusicMutation,
  useViewMusicMutation,
} = musicApi;
