import { describe, expect, it, vi } from 'vitest';
import {
  androidChromeIntent,
  buildInAppLink,
  createInAppSessionId,
  instructionSetsFor,
  linkDeviceOf,
  readCampaign,
  readInAppArrival,
} from './in-app-browser.ts';
import { detectBrowserContext } from '../platform/browser-detection.ts';
import { openInBrowser, type RedirectEnvironment } from './open-in-browser.ts';

const userAgents = {
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 trill_340104 BytedanceWebview/d8a21c6',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android',
  facebookDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 [FBAN/EMA;FBLC/en_US;FBAV/400.0.0.0]',
  messengerIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0.0.38.109;FBBV/123;FBDV/iPhone15,2]',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en',
  snapchat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/13.0.0.0 (like Safari/8617.2.4.10.8, panda)',
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

describe('in-app browser detection', () => {
  it.each([
    ['tiktokIos', 'tiktok', 'ios'],
    ['tiktokAndroid', 'tiktok', 'android'],
    ['instagramAndroid', 'instagram', 'android'],
    ['facebookDesktop', 'facebook', 'desktop'],
    ['messengerIos', 'messenger', 'ios'],
    ['wechat', 'wechat', 'ios'],
    ['snapchat', 'snapchat', 'ios'],
    ['chromeDesktop', null, 'desktop'],
    ['safariIos', null, 'ios'],
  ] as const)('%s is %s on %s', (agent, app, platform) => {
    expect(detectBrowserContext(userAgents[agent])).toEqual({ app, platform });
  });

  it('maps apps to the device link parameter', () => {
    expect(linkDeviceOf('tiktok')).toBe('tiktok');
    expect(linkDeviceOf('messenger')).toBe('facebook');
    expect(linkDeviceOf('wechat')).toBe('other');
    expect(linkDeviceOf(null)).toBe('other');
  });

  it('puts the instructions for this app first and the manual ones last', () => {
    expect(instructionSetsFor({ app: 'tiktok', platform: 'android' })).toEqual([
      'tiktokAndroid',
      'tiktokIos',
      'instagram',
      'facebook',
      'manual',
    ]);
    expect(instructionSetsFor({ app: 'messenger', platform: 'ios' })[0]).toBe('facebook');
    expect(instructionSetsFor({ app: null, platform: 'desktop' }).at(-1)).toBe('manual');
  });
});

describe('in-app links', () => {
  const now = new Date('2030-05-01T10:00:00.000Z');

  it('makes a session id from the prefix, a timestamp and a random string', () => {
    expect(createInAppSessionId(now, () => 0.5)).toMatch(/^inapp_1903860000000_[0-9a-z]{8}$/);
    expect(createInAppSessionId(now)).not.toBe(createInAppSessionId(now));
  });

  it('builds the redirect link with the campaign kept and old helper parameters replaced', () => {
    const link = buildInAppLink(
      'http://localhost:8080/welcome?utm_source=tiktok&utm_campaign=launch&source=inapp_copy&copy_time=x#top',
      {
        source: 'inapp',
        context: { app: 'tiktok', platform: 'ios' },
        sessionId: 'inapp_1_abc',
        now,
      },
    );
    const url = new URL(link);
    expect(url.pathname).toBe('/welcome');
    expect(url.hash).toBe('');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'tiktok',
      utm_campaign: 'launch',
      source: 'inapp',
      device: 'tiktok',
      platform: 'ios',
      session_id: 'inapp_1_abc',
      redirect_time: '2030-05-01T10:00:00.000Z',
    });
  });

  it('marks a copied link with copy_time and a desktop with platform web', () => {
    const url = new URL(
      buildInAppLink('https://bops.example/welcome', {
        source: 'inapp_copy',
        context: { app: 'facebook', platform: 'desktop' },
        sessionId: 's',
        now,
      }),
    );
    expect(url.searchParams.get('source')).toBe('inapp_copy');
    expect(url.searchParams.get('platform')).toBe('web');
    expect(url.searchParams.get('device')).toBe('facebook');
    expect(url.searchParams.get('copy_time')).toBe('2030-05-01T10:00:00.000Z');
    expect(url.searchParams.has('redirect_time')).toBe(false);
  });

  it('reads an arrival from a helper link and ignores other visits', () => {
    expect(
      readInAppArrival('?source=inapp&device=tiktok&platform=ios&session_id=inapp_1_a&redirect_time=T'),
    ).toEqual({
      source: 'inapp',
      device: 'tiktok',
      platform: 'ios',
      sessionId: 'inapp_1_a',
      redirectTime: 'T',
      copyTime: '',
    });
    expect(readInAppArrival('?source=newsletter')).toBeNull();
    expect(readInAppArrival('')).toBeNull();
  });

  it('captures only the three campaign parameters', () => {
    expect(readCampaign('?utm_source=ig&utm_medium=social&utm_content=reel-2&x=1')).toEqual({
      utm_source: 'ig',
      utm_content: 'reel-2',
    });
  });

  it('makes an Android intent for Chrome with the link as the fallback', () => {
    const link = 'https://bops.example/welcome?source=inapp&device=tiktok';
    expect(androidChromeIntent(link)).toBe(
      'intent://bops.example/welcome?source=inapp&device=tiktok#Intent;scheme=https;package=com.android.chrome;' +
        `S.browser_fallback_url=${encodeURIComponent(link)};end`,
    );
  });
});

describe('open in browser', () => {
  function environment(openResult: Window | null = {} as Window) {
    const scheduled: { callback: () => void; delayMs: number }[] = [];
    const env: RedirectEnvironment = {
      openWindow: vi.fn(() => openResult),
      navigate: vi.fn(),
      schedule: (callback, delayMs) => void scheduled.push({ callback, delayMs }),
    };
    return { env, scheduled };
  }
  const link = 'https://bops.example/welcome?source=inapp';

  it('on Android tries Chrome by intent, then a new window after 1.5 s', () => {
    const { env, scheduled } = environment();
    expect(openInBrowser(link, { app: 'instagram', platform: 'android' }, env, vi.fn())).toBe(
      'android-intent',
    );
    expect(env.navigate).toHaveBeenCalledWith(expect.stringMatching(/^intent:\/\/bops\.example\/welcome/));
    expect(env.openWindow).not.toHaveBeenCalled();
    expect(scheduled.map((entry) => entry.delayMs)).toEqual([1500]);
    scheduled[0]!.callback();
    expect(env.openWindow).toHaveBeenCalledWith(link);
  });

  it('on iOS in TikTok opens a new window and shows the instructions after 2 s', () => {
    const { env, scheduled } = environment();
    const showInstructions = vi.fn();
    expect(openInBrowser(link, { app: 'tiktok', platform: 'ios' }, env, showInstructions)).toBe(
      'ios-new-window',
    );
    expect(env.openWindow).toHaveBeenCalledWith(link);
    expect(scheduled[0]!.delayMs).toBe(2000);
    expect(showInstructions).not.toHaveBeenCalled();
    scheduled[0]!.callback();
    expect(showInstructions).toHaveBeenCalled();
  });

  it('elsewhere opens a new window, falling back to this one when refused', () => {
    const opened = environment();
    expect(openInBrowser(link, { app: 'facebook', platform: 'desktop' }, opened.env, vi.fn())).toBe(
      'new-window',
    );
    expect(opened.env.navigate).not.toHaveBeenCalled();
    const refused = environment(null);
    expect(openInBrowser(link, { app: 'wechat', platform: 'ios' }, refused.env, vi.fn())).toBe('same-window');
    expect(refused.env.navigate).toHaveBeenCalledWith(link);
  });

  it('lets a throwing browser throw, so the caller can copy the link instead', () => {
    const { env } = environment();
    env.openWindow = () => {
      throw new Error('blocked');
    };
    expect(() => openInBrowser(link, { app: 'facebook', platform: 'desktop' }, env, vi.fn())).toThrow(
      'blocked',
    );
  });
});
