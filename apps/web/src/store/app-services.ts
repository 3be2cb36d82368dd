import { createAuthApi, type AuthApi } from '../api/auth.api.ts';
import { watchPopup, type PopupOutcome } from '../auth/popup-watch.ts';

/**
 * What thunks need from the browser, passed as the thunk extra argument so the sign-in state machine can be
 * exercised without a real window, popup or auth server.
 */
export interface AppServices {
  auth: AuthApi;
  /** window.open; null when the browser blocked the popup. */
  openPopup(url: string): Window | null;
  waitForPopup(popup: Window): Promise<PopupOutcome>;
  /** Full-page navigation (OAuth redirect, reload after sign-out). */
  assignLocation(url: string): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  schedule(callback: () => void, delayMs: number): void;
}

const popupFeatures = 'popup=yes,width=500,height=640';

export function createBrowserServices(): AppServices {
  return {
    auth: createAuthApi(),
    openPopup: (url) => window.open(url, 'bops-sign-in', popupFeatures),
    waitForPopup: (popup) => watchPopup(popup),
    assignLocation: (url) => window.location.assign(url),
    storage: window.localStorage,
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  };
}
