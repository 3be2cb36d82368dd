import { describe, expect, it, vi } from 'vitest';
import {
  anonymousIdKey,
  createAnalytics,
  flushAtCount,
  flushIntervalMs,
  maxBatchSize,
  normalizePayload,
  type AnalyticsEnvironment,
} from './analytics.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function fakeEnvironment(overrides: Partial<AnalyticsEnvironment> = {}) {
  const posted: string[] = [];
  const beaconed: string[] = [];
  const timers: { callback: () => void; delayMs: number; cleared: boolean }[] = [];
  let ids = 0;
  const env: AnalyticsEnvironment = {
    transport: {
      post: vi.fn(async (body: string) => void posted.push(body)),
      beacon: vi.fn((body: string) => (beaconed.push(body), true)),
    },
    storage: memoryStorage(),
    sessionStorage: memoryStorage(),
    now: () => new Date('2030-05-01T10:00:00.000Z'),
    path: () => '/welcome?utm_source=tiktok',
    setTimer: (callback, delayMs) => {
      const timer = { callback, delayMs, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => void ((handle as { cleared: boolean }).cleared = true),
    randomId: () => `id-${++ids}`,
    ...overrides,
  };
  const events = (bodies: string[]) => bodies.flatMap((body) => JSON.parse(body).events);
  return { env, posted, beaconed, timers, events };
}

describe('analytics client', () => {
  it('fills the tracking payload defaults and keeps extra heatmap fields', () => {
    expect(normalizePayload()).toEqual({
      contentId: '',
      contentType: 'product',
      contentName: '',
      value: 0,
      currency: 'USD',
      description: '',
    });
    expect(
      normalizePayload({ contentName: 'Summer', value: 2, device: 'tiktok', skipped: undefined }),
    ).toEqual({
      contentId: '',
      contentType: 'product',
      contentName: 'Summer',
      value: 2,
      currency: 'USD',
      description: '',
      device: 'tiktok',
    });
  });

  it('batches events and sends them after the flush interval', async () => {
    const { env, posted, timers, events } = fakeEnvironment();
    const client = createAnalytics(env);
    client.track('get_started_button');
    client.track('sign_in_button', { contentName: 'landing' });
    expect(posted).toHaveLength(0);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.delayMs).toBe(flushIntervalMs);
    timers[0]!.callback();
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const sent = events(posted);
    expect(sent.map((event: { name: string }) => event.name)).toEqual([
      'get_started_button',
      'sign_in_button',
    ]);
    expect(sent[1]).toEqual({
      name: 'sign_in_button',
      payload: {
        contentId: '',
        contentType: 'product',
        contentName: 'landing',
        value: 0,
        currency: 'USD',
        description: '',
      },
      path: '/welcome?utm_source=tiktok',
      anonymousId: 'id-1',
      sessionId: 'id-2',
      at: '2030-05-01T10:00:00.000Z',
    });
    expect(client.pending()).toHaveLength(0);
  });

  it('sends at once when the queue reaches the flush count', async () => {
    const { env, posted, timers, events } = fakeEnvironment();
    const client = createAnalytics(env);
    for (let index = 0; index < flushAtCount; index++) client.track('music_play');
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(events(posted)).toHaveLength(flushAtCount);
    expect(timers[0]!.cleared).toBe(true);
  });

  it('keeps the anonymous id across clients that share storage', () => {
    const storage = memoryStorage();
    const first = createAnalytics(fakeEnvironment({ storage }).env);
    const id = first.anonymousId();
    expect(storage.items.get(anonymousIdKey)).toBe(id);
    const second = createAnalytics(fakeEnvironment({ storage, randomId: () => 'other' }).env);
    expect(second.anonymousId()).toBe(id);
  });

  it('still tracks when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const { env } = fakeEnvironment({ storage: broken, sessionStorage: broken });
    const client = createAnalytics(env);
    client.track('page_view');
    expect(client.pending()[0]!.anonymousId).toMatch(/^id-/);
  });

  it('uses the beacon when the page goes away and posts what the beacon refused', async () => {
    const { env, posted, beaconed, events } = fakeEnvironment();
    const client = createAnalytics(env);
    client.track('copy_link');
    await client.flush({ beacon: true });
    expect(events(beaconed).map((event: { name: string }) => event.name)).toEqual(['copy_link']);
    expect(posted).toHaveLength(0);

    (env.transport.beacon as ReturnType<typeof vi.fn>).mockReturnValue(false);
    client.track('open_in_browser');
    await client.flush({ beacon: true });
    expect(events(posted).map((event: { name: string }) => event.name)).toEqual(['open_in_browser']);
  });

  it('keeps events while offline and later sends them in batches the server accepts', async () => {
    const { env, posted } = fakeEnvironment();
    const post = env.transport.post as ReturnType<typeof vi.fn>;
    post.mockRejectedValue(new TypeError('offline'));
    const client = createAnalytics(env);
    for (let index = 0; index < 120; index++) client.track('music_next');
    await vi.waitFor(() => expect(client.pending()).toHaveLength(120));

    post.mockImplementation(async (body: string) => void posted.push(body));
    await client.flush();
    const sizes = posted.map((body) => JSON.parse(body).events.length);
    expect(sizes).toEqual([maxBatchSize, maxBatchSize, 20]);
    expect(client.pending()).toHaveLength(0);
  });

  it('sends page_view and screen_view for a route, and identifies a user once', () => {
    const { env } = fakeEnvironment();
    const client = createAnalytics(env);
    client.pageView('/tutorial');
    client.identify('u1');
    client.identify('u1');
    expect(client.pending().map((event) => [event.name, event.payload.contentId])).toEqual([
      ['page_view', '/tutorial'],
      ['screen_view', '/tutorial'],
      ['identify', 'u1'],
    ]);
  });
});
