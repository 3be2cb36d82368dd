import { TRACKING_DEFAULTS, type AnalyticsEventName, type TrackingPayload } from '@bops/shared';

export type { AnalyticsEventName, TrackingPayload } from '@bops/shared';

/** Extra fields the server keeps beside the tracking payload (heatmap data: device, platform, source...). */
export type EventPayload = TrackingPayload & Record<string, string | number | boolean | undefined>;

/** One event as POST /api/analytics/events takes it. */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  payload: Required<TrackingPayload> & Record<string, string | number | boolean>;
  path: string;
  anonymousId: string;
  sessionId: string;
  at: string;
}

export const analyticsEndpoint = '/api/analytics/events';
/** A full queue is sent at once; otherwise every few seconds, so a burst of clicks is one request. */
export const flushAtCount = 10;
export const flushIntervalMs = 4000;
/** The server refuses larger batches. */
export const maxBatchSize = 50;
/** Events kept while the network is down; older ones are dropped first. */
const maxQueued = 200;
export const anonymousIdKey = 'bops.analytics-id';
const sessionIdKey = 'bops.analytics-session';

export interface AnalyticsTransport {
  /** Posts a JSON body; rejects when the request could not be made at all. */
  post(body: string): Promise<void>;
  /** navigator.sendBeacon: survives the page going away; false when the browser refused to queue it. */
  beacon(body: string): boolean;
}

export interface AnalyticsEnvironment {
  transport: AnalyticsTransport;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now(): Date;
  path(): string;
  setTimer(callback: () => void, delayMs: number): unknown;
  clearTimer(handle: unknown): void;
  randomId(): string;
}

export interface AnalyticsClient {
  track(name: AnalyticsEventName, payload?: EventPayload): void;
  /** page_view and screen_view for a route the user just reached. */
  pageView(path: string, title?: string): void;
  /** Links the anonymous id with the signed-in user, once per user and session. */
  identify(userId: string): void;
  /** Sends what is queued now; `beacon` when the page is going away. */
  flush(options?: { beacon?: boolean }): Promise<void>;
  anonymousId(): string;
  /** Events waiting to be sent (for tests and diagnostics). */
  pending(): readonly AnalyticsEvent[];
}

function readOrCreate(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  key: string,
  create: () => string,
): string {
  try {
    const held = storage?.getItem(key);
    if (held) return held;
    const created = create();
    storage?.setItem(key, created);
    return created;
  } catch {
    // Storage can be off (private modes, blocked cookies): the id then lives as long as the page.
    return create();
  }
}

/** Fills the docs/PRODUCT.md#entities defaults and drops undefined extras, so every stored row has the same shape. */
export function normalizePayload(payload: EventPayload = {}): AnalyticsEvent['payload'] {
  const extras: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(payload)) if (value !== undefined) extras[key] = value;
  return {
    ...extras,
    contentId: payload.contentId ?? '',
    contentType: payload.contentType ?? TRACKING_DEFAULTS.contentType,
    contentName: payload.contentName ?? '',
    value: payload.value ?? TRACKING_DEFAULTS.value,
    currency: payload.currency ?? TRACKING_DEFAULTS.currency,
    description: payload.description ?? '',
  };
}

export function createAnalytics(env: AnalyticsEnvironment): AnalyticsClient {
  let queue: AnalyticsEvent[] = [];
  let timer: unknown = null;
  let identified: string | null = null;
  let anonymousId: string | null = null;
  let sessionId: string | null = null;

  const getAnonymousId = () => (anonymousId ??= readOrCreate(env.storage, anonymousIdKey, env.randomId));
  const getSessionId = () => (sessionId ??= readOrCreate(env.sessionStorage, sessionIdKey, env.randomId));

  function schedule() {
    if (timer !== null) return;
    timer = env.setTimer(() => {
      timer = null;
      void flush();
    }, flushIntervalMs);
  }

  function take(): AnalyticsEvent[][] {
    const batches: AnalyticsEvent[][] = [];
    for (let start = 0; start < queue.length; start += maxBatchSize)
      batches.push(queue.slice(start, start + maxBatchSize));
    queue = [];
    if (timer !== null) {
      env.clearTimer(timer);
      timer = null;
    }
    return batches;
  }

  async function flush(options: { beacon?: boolean } = {}): Promise<void> {
    const batches = take();
    for (const batch of batches) {
      const body = JSON.stringify({ events: batch });
      if (options.beacon && env.transport.beacon(body)) continue;
      try {
        await env.transport.post(body);
      } catch {
        // Offline or the server is restarting: keep the events for the next flush.
        queue = [...batch, ...queue].slice(-maxQueued);
        schedule();
        return;
      }
    }
  }

  function track(name: AnalyticsEventName, payload?: EventPayload) {
    queue.push({
      name,
      payload: normalizePayload(payload),
      path: env.path(),
      anonymousId: getAnonymousId(),
      sessionId: getSessionId(),
      at: env.now().toISOString(),
    });
    if (queue.length > maxQueued) queue = queue.slice(-maxQueued);
    if (queue.length >= flushAtCount) void flush();
    else schedule();
  }

  return {
    track,
    pageView(path, title) {
      const payload = { contentId: path, contentType: 'page', contentName: title ?? '' };
      track('page_view', payload);
      track('screen_view', payload);
    },
    identify(userId) {
      if (identified === userId) return;
      identified = userId;
      track('identify', { contentId: userId, contentType: 'user', anonymousId: getAnonymousId() });
    },
    flush,
    anonymousId: getAnonymousId,
    pending: () => queue,
  };
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function safeStorage(pick: () => Storage): Storage | null {
  try {
    return pick();
  } catch {
    return null;
  }
}

function browserEnvironment(): AnalyticsEnvironment {
  return {
    transport: {
      async post(body) {
        await fetch(analyticsEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          credentials: 'same-origin',
          keepalive: true,
        });
      },
      beacon(body) {
        if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
        // A string beacon goes out as text/plain, which the endpoint reads as JSON.
        return navigator.sendBeacon(analyticsEndpoint, body);
      },
    },
    storage: safeStorage(() => window.localStorage),
    sessionStorage: safeStorage(() => window.sessionStorage),
    now: () => new Date(),
    path: () => `${window.location.pathname}${window.location.search}`,
    setTimer: (callback, delayMs) => window.setTimeout(callback, delayMs),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    randomId,
  };
}

let client: AnalyticsClient | null = null;

/** The page's one client, created on first use; queued events leave with a beacon when the page is hidden. */
function analytics(): AnalyticsClient {
  if (client) return client;
  client = createAnalytics(browserEnvironment());
  const created = client;
  const leave = () => void created.flush({ beacon: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  window.addEventListener('pagehide', leave);
  return created;
}

/** Records an analytics event (docs/PRODUCT.md#api) with the docs/PRODUCT.md#entities tracking payload. Never throws. */
export function track(name: AnalyticsEventName, payload?: EventPayload): void {
  try {
    analytics().track(name, payload);
  } catch (error) {
    console.warn('An analytics event could not be recorded.', error);
  }
}

export function trackPageView(path: string, title?: string): void {
  try {
    analytics().pageView(path, title);
  } catch (error) {
    console.warn('A page view could not be recorded.', error);
  }
}

export function identify(userId: string): void {
  try {
    analytics().identify(userId);
  } catch (error) {
    console.warn('The analytics identity could not be recorded.', error);
  }
}
