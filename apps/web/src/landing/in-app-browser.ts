/**
 * The links the helper hands to the real browser (docs/PRODUCT.md#entities landing query parameters,
 * docs/PRODUCT.md#states in-app browser helper).
 */
import type { BrowserContext, DevicePlatform, InAppApp } from '../platform/browser-detection.ts';

/** The `device` link parameter: Messenger counts as Facebook, the rest as other. */
export type LinkDevice = 'tiktok' | 'instagram' | 'facebook' | 'other';
/** The `platform` link parameter. */
export type LinkPlatform = 'ios' | 'android' | 'web';
export type LinkSource = 'inapp' | 'inapp_copy';

export function linkDeviceOf(app: InAppApp | null): LinkDevice {
  if (app === 'tiktok' || app === 'instagram') return app;
  if (app === 'facebook' || app === 'messenger') return 'facebook';
  return 'other';
}

export function linkPlatformOf(platform: DevicePlatform): LinkPlatform {
  return platform === 'desktop' ? 'web' : platform;
}

/** `inapp_` + a timestamp + a random string (docs/PRODUCT.md#entities). */
export function createInAppSessionId(now: Date, random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `inapp_${now.getTime()}_${suffix}`;
}

/** Parameters the helper adds; they are stripped before a new link is built so they never pile up. */
const inAppParams = ['source', 'device', 'platform', 'session_id', 'redirect_time', 'copy_time'] as const;
const utmParams = ['utm_source', 'utm_campaign', 'utm_content'] as const;

/**
 * The link that opens this page in the real browser. Campaign parameters are kept so the visit is still credited to
 * its campaign; `redirect_time` marks an automatic redirect, `copy_time` a copied link.
 */
export function buildInAppLink(
  currentUrl: string,
  options: { source: LinkSource; context: BrowserContext; sessionId: string; now: Date },
): string {
  const url = new URL(currentUrl);
  for (const name of inAppParams) url.searchParams.delete(name);
  url.hash = '';
  url.searchParams.set('source', options.source);
  url.searchParams.set('device', linkDeviceOf(options.context.app));
  url.searchParams.set('platform', linkPlatformOf(options.context.platform));
  url.searchParams.set('session_id', options.sessionId);
  url.searchParams.set(options.source === 'inapp' ? 'redirect_time' : 'copy_time', options.now.toISOString());
  return url.toString();
}

/** Chrome on Android opens this from an in-app browser; the fallback URL covers phones without Chrome. */
export function androidChromeIntent(link: string): string {
  const url = new URL(link);
  const scheme = url.protocol.replace(':', '');
  return (
    `intent://${url.host}${url.pathname}${url.search}` +
    `#Intent;scheme=${scheme};package=com.android.chrome;` +
    `S.browser_fallback_url=${encodeURIComponent(link)};end`
  );
}

export interface InAppArrival {
  source: LinkSource;
  device: string;
  platform: string;
  sessionId: string;
  redirectTime: string;
  copyTime: string;
}

/** Reads the parameters of a link the helper made; null for any other visit. */
export function readInAppArrival(search: string): InAppArrival | null {
  const params = new URLSearchParams(search);
  const source = params.get('source');
  if (source !== 'inapp' && source !== 'inapp_copy') return null;
  return {
    source,
    device: params.get('device') ?? '',
    platform: params.get('platform') ?? '',
    sessionId: params.get('session_id') ?? '',
    redirectTime: params.get('redirect_time') ?? '',
    copyTime: params.get('copy_time') ?? '',
  };
}

export interface Campaign {
  utm_source?: string;
  utm_campaign?: string;
  utm_content?: string;
}

export function readCampaign(search: string): Campaign {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const name of utmParams) {
    const value = params.get(name);
    if (value) campaign[name] = value.slice(0, 200);
  }
  return campaign;
}

export type InstructionSet = 'tiktokIos' | 'tiktokAndroid' | 'instagram' | 'facebook' | 'manual';

/** The instruction sets shown, the one for this app and platform first; manual steps always close the list. */
export function instructionSetsFor(context: BrowserContext): InstructionSet[] {
  const first: InstructionSet[] = [];
  if (context.app === 'tiktok') first.push(context.platform === 'android' ? 'tiktokAndroid' : 'tiktokIos');
  if (context.app === 'instagram') first.push('instagram');
  if (context.app === 'facebook' || context.app === 'messenger') first.push('facebook');
  const all: InstructionSet[] = ['tiktokIos', 'tiktokAndroid', 'instagram', 'facebook'];
  return [...first, ...all.filter((set) => !first.includes(set)), 'manual'];
}

/** docs/PRODUCT.md#constants timings of the helper. */
export const inAppTimings = {
  modalDelayMs: 1500,
  androidFallbackMs: 1500,
  iosInstructionsMs: 2000,
  openingMs: 3000,
  copiedMs: 2000,
} as const;

/** Set for the rest of the visit when the page was reached through the helper's link. */
export const inAppRedirectedKey = 'bops.inapp-redirected';
/** The campaign of this visit, kept so events after the landing are still credited to it. */
export const campaignKey = 'bops.campaign';
