import { useCallback } from 'react';
import { signOut } from '../auth/account.thunks.ts';
import { useAppDispatch } from '../store/hooks.ts';
import type { NavItem } from '../navigation/nav-items.ts';

/** Runs a command item (Log off); link items need nothing. */
export function useNavCommand(): (item: NavItem) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (item: NavItem) => {
      if (item.command === 'signOut') void dispatch(signOut(undefined));
    },
    [dispatch],
  );
}
