import type { BrowserContext } from '../platform/browser-detection.ts';
import { androidChromeIntent, inAppTimings } from './in-app-browser.ts';

export interface RedirectEnvironment {
  /** window.open(url, '_blank'); null when the in-app browser refused to open a window. */
  openWindow(url: string): Window | null;
  /** Same-window navigation. */
  navigate(url: string): void;
  schedule(callback: () => void, delayMs: number): void;
}

export type RedirectMethod = 'android-intent' | 'ios-new-window' | 'new-window' | 'same-window';

/**
 * docs/PRODUCT.md#states "Open in Browser". Android: an intent for Chrome, then a new window 1.5 s later in case no Chrome
 * answered. iOS inside TikTok or Instagram: those ignore new windows more often than not, so the instructions
 * follow 2 s later. Elsewhere: a new window, or this one when that was refused. Throws when the browser does.
 */
export function openInBrowser(
  link: string,
  context: BrowserContext,
  env: RedirectEnvironment,
  showInstructions: () => void,
): RedirectMethod {
  if (context.platform === 'android') {
    env.navigate(androidChromeIntent(link));
    env.schedule(() => {
      env.openWindow(link);
    }, inAppTimings.androidFallbackMs);
    return 'android-intent';
  }
  if (context.platform === 'ios' && (context.app === 'tiktok' || context.app === 'instagram')) {
    env.openWindow(link);
    env.schedule(showInstructions, inAppTimings.iosInstructionsMs);
    return 'ios-new-window';
  }
  if (env.openWindow(link)) return 'new-window';
  env.navigate(link);
  return 'same-window';
}

export function browserRedirectEnvironment(): RedirectEnvironment {
  return {
    openWindow: (url) => window.open(url, '_blank'),
    navigate: (url) => window.location.assign(url),
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  };
}
