import { checkSession, signOut } from '../auth/account.thunks.ts';
import { BopsPlayer } from '../player/bops-player.ts';
import type { StoreHandle } from './app-runtime.ts';
import { createBrowserServices } from './browser-services.ts';
import { keepDraftSaved, readSavedDraft } from '../rap/draft-storage.ts';
import { initialCreationState } from '../store/creation.slice.ts';
import { createAppStore, type AppStore } from '../store/store.ts';

export function createStoreHandle(store: AppStore, player: BopsPlayer = new BopsPlayer()): StoreHandle {
  // Signing out (or a session found ended) closes the player, so the next person on this tab sees nothing of it.
  let signedIn = store.getState().account.authenticated;
  store.subscribe(() => {
    const now = store.getState().account.authenticated;
    if (signedIn && !now) player.close();
    signedIn = now;
  });
  return {
    store,
    player,
    async checkSession(prefetched) {
      await store.dispatch(checkSession(prefetched));
    },
    signOut() {
      void store.dispatch(signOut(undefined));
    },
  };
}

/** The session storage of this tab, where the browser allows it. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The browser's store, made when its chunk loads; the rap being written survives a reload of the tab. */
export function createBrowserStoreHandle(): StoreHandle {
  const storage = tabStorage();
  const draft = readSavedDraft(storage);
  const store = createAppStore(
    createBrowserServices(),
    draft ? { creation: { ...initialCreationState, draft } } : undefined,
  );
  keepDraftSaved(storage, store.subscribe, () => store.getState().creation.draft);
  return createStoreHandle(store);
}
