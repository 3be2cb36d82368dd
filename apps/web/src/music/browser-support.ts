import { detectBrowserContext, inAppAppNames } from '../landing/in-app-browser.ts';

export interface BrowserSupport {
  serviceWorker: boolean;
  webAudio: boolean;
  /** The display name of the app whose built-in browser this is, or null in a real browser. */
  inAppBrowser: string | null;
}

/** What the home page's notice checks (spec §2): service workers, Web Audio and in-app browsers. */
export function detectBrowserSupport(
  win: { navigator: Navigator; AudioContext?: unknown; webkitAudioContext?: unknown } = window as never,
): BrowserSupport {
  const { app } = detectBrowserContext(win.navigator.userAgent ?? '');
  return {
    serviceWorker: 'serviceWorker' in win.navigator,
    webAudio: typeof win.AudioContext === 'function' || typeof win.webkitAudioContext === 'function',
    inAppBrowser: app ? inAppAppNames[app] : null,
  };
}

/** Phones get the share sheet; desktops copy the link (spec §7). */
export function isMobileBrowser(userAgent: string): boolean {
  return detectBrowserContext(userAgent).platform !== 'desktop';
}
