import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { Status } from '../store/status.ts';
import { FullScreenSpinner } from '../shell/full-screen-spinner.tsx';
import { checkSession, loadProfile } from './account.thunks.ts';

/**
 * Start-up (spec §4): nothing renders until the session check has answered, so the guard never judges a signed-in
 * user as a visitor. Also refetches the profile whenever an update marked it out of date.
 */
export function SessionGate() {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.account.status);
  const sync = useAppSelector((state) => state.account.sync);
  useEffect(() => {
    void dispatch(checkSession());
  }, [dispatch]);
  useEffect(() => {
    if (sync) void dispatch(loadProfile({ force: true }));
  }, [dispatch, sync]);
  if (status === null || status === Status.LOADING) return <FullScreenSpinner />;
  return <Outlet />;
}
