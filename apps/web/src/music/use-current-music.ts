import { skipToken } from '@reduxjs/toolkit/query';
import { useGetMusicQuery, useGetSharedMusicQuery } from '../api/music.api.ts';
import { useAppSelector } from '../store/hooks.ts';

/** A song as the signed-in API sees it, or, for a visitor, through its public share link. */
export function useMusicItem(musicId: string | null | undefined) {
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const own = useGetMusicQuery(authenticated && musicId ? musicId : skipToken);
  const shared = useGetSharedMusicQuery(!authenticated && musicId ? musicId : skipToken);
  return authenticated ? own : shared;
}
