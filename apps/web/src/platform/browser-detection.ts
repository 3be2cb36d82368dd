/**
 * What kind of browser this is: the in-app browsers of docs/PRODUCT.md#screens-and-routes and #states (WeChat, Instagram, Facebook, Messenger, TikTok,
 * Snapchat), the device, and whether playback can work (service workers, Web Audio). The landing page's in-app helper
 * and the music pages' notice and sharing all ask here.
 */

export type InAppApp = 'wechat' | 'instagram' | 'facebook' | 'messenger' | 'tiktok' | 'snapchat';
export type DevicePlatform = 'ios' | 'android' | 'desktop';

export interface BrowserContext {
  app: InAppApp | null;
  platform: DevicePlatform;
}

/** Order matters: Messenger's agent also carries Facebook's markers. */
const inAppPatterns: [InAppApp, RegExp][] = [
  ['wechat', /MicroMessenger/i],
  ['instagram', /Instagram/i],
  ['messenger', /FBAN\/Messenger|FB_IAB\/MESSENGER|\bMessenger(?:ForiOS|Lite)?\b/i],
  ['facebook', /FBAN|FBAV|FB_IAB|FBIOS|\[FB/i],
  ['tiktok', /musical_ly|TikTok|BytedanceWebview|Bytedance|\btrill_/i],
  ['snapchat', /Snapchat/i],
];

export const inAppAppNames: Record<InAppApp, string> = {
  wechat: 'WeChat',
  instagram: 'Instagram',
  facebook: 'Facebook',
  messenger: 'Messenger',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
};

export function platformOf(userAgent: string): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

export function inAppAppOf(userAgent: string): InAppApp | null {
  return inAppPatterns.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
}

export function detectBrowserContext(userAgent: string): BrowserContext {
  return { app: inAppAppOf(userAgent), platform: platformOf(userAgent) };
}

export interface BrowserSupport {
  serviceWorker: boolean;
  webAudio: boolean;
  /** The display name of the app whose built-in browser this is, or null in a real browser. */
  inAppBrowser: string | null;
}

/** What the home page's notice checks (docs/PRODUCT.md#screens-and-routes): service workers, Web Audio and in-app browsers. */
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

/** Phones get the share sheet; desktops copy the link (docs/PRODUCT.md#api). */
export function isMobileBrowser(userAgent: string): boolean {
  return detectBrowserContext(userAgent).platform !== 'desktop';
}
