import { useCallback } from 'react';
import { useAppRuntime } from '../runtime/runtime-context.tsx';
import type { NavItem } from '../navigation/nav-items.ts';

/** Runs a command item (Log off); link items need nothing. */
export function useNavCommand(): (item: NavItem) => void {
  const runtime = useAppRuntime();
  return useCallback(
    (item: NavItem) => {
      // A signed-in person's store is loaded at start-up.
      if (item.command === 'signOut') void runtime.load().then((handle) => handle.signOut());
    },
    [runtime],
  );
}
