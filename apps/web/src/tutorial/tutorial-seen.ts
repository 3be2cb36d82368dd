import { tutorialSeenKey } from '../auth/account.thunks.ts';

/** Remembers in this browser that the tutorial was seen, so sign-in stops offering it (docs/PRODUCT.md#states). */
export function markTutorialSeen(storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): void {
  try {
    storage?.setItem(tutorialSeenKey, 'true');
  } catch {
    // Storage off: the offer may come back next time, which is harmless.
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
