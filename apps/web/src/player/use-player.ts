import { useSyncExternalStore } from 'react';
import { useLoadedStore } from '../runtime/runtime-context.tsx';
import type { BopsPlayer, PlayerState } from './bops-player.ts';

/** The app's player; only for parts of the page that render once the store is loaded (it comes with it). */
export function usePlayer(): BopsPlayer {
  const handle = useLoadedStore();
  if (!handle) throw new Error('usePlayer needs the store loaded (a page or slot inside it).');
  return handle.player;
}

/**
 * The part of the player's state a view shows; the view renders again only when that part changes. Select a
 * value or one of the state's own objects (they are replaced, never changed), not a new object.
 */
export function usePlayerState<T>(select: (state: PlayerState) => T): T {
  const player = usePlayer();
  return useSyncExternalStore(player.subscribe, () => select(player.getState()));
}
