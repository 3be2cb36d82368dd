import type { AuthApi } from '../api/auth.api.ts';

/** How a sign-in popup ended, as the popup reports it to the window that opened it. */
export type PopupOutcome = { kind: 'success' } | { kind: 'error'; error: string } | { kind: 'closed' };

/**
 * What thunks need from the browser, passed as the thunk extra argument so the sign-in state machine can be
 * exercised without a real window, popup or auth server (the browser's own are in runtime/browser-services.ts).
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
