import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppRuntime, SessionSnapshot, StoreHandle } from './app-runtime.ts';

export const AppRuntimeContext = createContext<AppRuntime | null>(null);

export function useAppRuntime(): AppRuntime {
  const runtime = useContext(AppRuntimeContext);
  if (!runtime) throw new Error('useAppRuntime needs AppProviders above it.');
  return runtime;
}

/** Signed in or not, and whether the start-up check has answered; works with or without the store loaded. */
export function useSession(): SessionSnapshot {
  const runtime = useAppRuntime();
  return useSyncExternalStore(runtime.subscribe, runtime.getSession);
}

/** The store once something has loaded it; this never loads it. */
export function useLoadedStore(): StoreHandle | null {
  const runtime = useAppRuntime();
  return useSyncExternalStore(runtime.subscribe, () => runtime.handle);
}
