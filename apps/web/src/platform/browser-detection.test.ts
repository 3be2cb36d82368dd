import { describe, expect, it } from 'vitest';
import { detectBrowserSupport, isMobileBrowser } from './browser-detection.ts';

const iphoneInstagram =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0';
const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const navigatorWith = (userAgent: string, extra: object = {}) =>
  ({ userAgent, ...extra }) as unknown as Navigator;

describe('browser support', () => {
  it('passes a current desktop browser', () => {
    expect(
      detectBrowserSupport({
        navigator: navigatorWith(desktopChrome, { serviceWorker: {} }),
        AudioContext: class {},
      }),
    ).toEqual({ serviceWorker: true, webAudio: true, inAppBrowser: null });
  });

  it('notices a missing service worker or Web Audio, and takes the prefixed Web Audio', () => {
    expect(detectBrowserSupport({ navigator: navigatorWith(desktopChrome) })).toMatchObject({
      serviceWorker: false,
      webAudio: false,
    });
    expect(
      detectBrowserSupport({ navigator: navigatorWith(desktopChrome), webkitAudioContext: class {} })
        .webAudio,
    ).toBe(true);
  });

  it('names the app of an in-app browser', () => {
    expect(
      detectBrowserSupport({
        navigator: navigatorWith(iphoneInstagram, { serviceWorker: {} }),
        AudioContext: class {},
      }).inAppBrowser,
    ).toBe('Instagram');
  });

  it('tells phones from desktops', () => {
    expect(isMobileBrowser(iphoneInstagram)).toBe(true);
    expect(isMobileBrowser(desktopChrome)).toBe(false);
  });
});
