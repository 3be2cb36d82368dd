import { skipToken } from '@reduxjs/toolkit/query';
import { useGetPlaylistsQuery } from '../api/music.api.ts';
import type { PlaylistSummary } from '@bops/shared/api/playlist';
import { useAppSelector } from '../store/hooks.ts';

/** Playlists a person may put songs in: their own that are not archived. */
export function ownPlaylists(playlists: readonly PlaylistSummary[], userId: string | undefined) {
  return playlists.filter((playlist) => userId && playlist.createdBy === userId && !playlist.archieve);
}

export function useOwnPlaylists() {
  const user = useAppSelector((state) => state.account.user);
  const query = useGetPlaylistsQuery(user ? undefined : skipToken);
  return { ...query, playlists: ownPlaylists(query.data ?? [], user?.id) };
}
