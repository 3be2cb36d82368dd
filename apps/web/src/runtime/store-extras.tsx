import { useEffect } from 'react';
import { loadProfile } from '../auth/account.thunks.ts';
import { CountdownHost } from '../countdown/countdown-host.tsx';
import { PlayerHost } from '../player/player-host.tsx';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';

/** Refetches the profile whenever an update marked it out of date. */
function ProfileSync() {
  const dispatch = useAppDispatch();
  const sync = useAppSelector((state) => state.account.sync);
  useEffect(() => {
    if (sync) void dispatch(loadProfile({ force: true }));
  }, [dispatch, sync]);
  return null;
}

/** What runs on every page once the store exists; none of it matters before (a visitor on the landing page). */
export function StoreExtras() {
  return (
    <>
      <ProfileSync />
      {/* Creation countdowns run on every page, so a finished rap reloads the playlists wherever the user is. */}
      <CountdownHost />
      {/* Outside the routes so music keeps playing from page to page. */}
      <PlayerHost />
    </>
  );
}
