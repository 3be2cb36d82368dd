import { checkSession, signOut } from '../auth/account.thunks.ts';
import type { StoreHandle } from './app-runtime.ts';
import { createBrowserServices } from './app-services.ts';
import { createAppStore, type AppStore } from './store.ts';

export function createStoreHandle(store: AppStore): StoreHandle {
  return {
    store,
    async checkSession(prefetched) {
      await store.dispatch(checkSession(prefetched));
    },
    signOut() {
      void store.dispatch(signOut(undefined));
    },
  };
}

/** The browser's store, made when its chunk loads. */
export function createBrowserStoreHandle(): StoreHandle {
  return createStoreHandle(createAppStore(createBrowserServices()));
}
