import { useEffect } from 'react';
import { toUser } from '../store/user.ts';
import { fetchProfile } from '../api/bops.api.ts';
import { userUpdated } from '../store/account.slice.ts';
import { useAppDispatch } from '../store/hooks.ts';

/**
 * Fetches the profile afresh when `when` turns true (an AI singer became ready) and hands it to the account
 * area, so every page that offers "your AI singer" sees the new one without a reload.
 */
export function useProfileRefresh(when: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!when) return;
    dispatch(fetchProfile({ force: true }))
      .then((profile) => dispatch(userUpdated(toUser(profile))))
      // A failed refresh only leaves the old list; the next page load fetches it again.
      .catch(() => {});
  }, [dispatch, when]);
}
