import type { Profile } from '@bops/shared/api/profile';
import { aProfile } from './factories.ts';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { toUser } from '../store/user.ts';
import type { Session } from '../api/auth.api.ts';
import { AppProviders } from '../app.tsx';
import { AppRoutes } from '../app-routes.tsx';
import { BopsPlayer } from '../player/bops-player.ts';
import { initialAccountState } from '../store/account.slice.ts';
import type { AppServices } from '../store/app-services.ts';
import { AppRuntime } from '../runtime/app-runtime.ts';
import { createStoreHandle } from '../runtime/store-handle.ts';
import { Status } from '../store/status.ts';
import { createAppStore, type RootState } from '../store/store.ts';

export type JsonRoute = (init: RequestInit | undefined) => { status?: number; body: unknown };

/** A fetch double that answers by "METHOD /path" and records every call. */
export function mockFetch(routes: Record<string, JsonRoute | { status?: number; body: unknown }>) {
  const calls: { method: string; url: string; init: RequestInit | undefined }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, init });
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route)
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: key }), {
        status: 404,
      });
    const answer = typeof route === 'function' ? route(init) : route;
    const status = answer.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(answer.body === null ? '' : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, calls };
}

export const sampleSession: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
};

export const sampleProfile: Profile = aProfile();

/** A store that starts signed in as the sample person, profile loaded. */
export const signedInState = {
  account: {
    ...initialAccountState,
    status: Status.SUCCESS,
    authenticated: true,
    user: toUser(sampleProfile),
  },
};

/** Fake services whose session check answers with the sample session. */
export function signedInServices() {
  return fakeServices({
    auth: { ...fakeServices().services.auth, getSession: vi.fn(async () => sampleSession) },
  }).services;
}

/** Services whose every browser effect is a spy; the auth calls answer as the test says. */
export function fakeServices(overrides: Partial<AppServices> = {}) {
  const storage = new Map<string, string>();
  const scheduled: { callback: () => void; delayMs: number }[] = [];
  const services: AppServices = {
    auth: {
      getSession: vi.fn(async () => null),
      signInEmail: vi.fn(async () => undefined),
      signUpEmail: vi.fn(async () => undefined),
      signInOAuth2: vi.fn(async () => ({ url: 'https://accounts.example/authorize' })),
      signOut: vi.fn(async () => undefined),
      listSignInKinds: vi.fn(async () => ['credential']),
      changePassword: vi.fn(async () => undefined),
      requestPasswordReset: vi.fn(async () => undefined),
      resetPassword: vi.fn(async () => undefined),
      changeEmail: vi.fn(async () => undefined),
      ...overrides.auth,
    },
    openPopup: vi.fn(() => null),
    waitForPopup: vi.fn(async () => ({ kind: 'closed' as const })),
    assignLocation: vi.fn(),
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    schedule: vi.fn((callback: () => void, delayMs: number) => void scheduled.push({ callback, delayMs })),
    ...overrides,
  };
  return { services, storage, scheduled };
}

/** Shows the router's current location so tests can assert where a navigation ended. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

export function renderApp(
  path: Entry | Entry[],
  options: { services?: AppServices; preloadedState?: Partial<RootState> } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const services = options.services ?? fakeServices().services;
  const store = createAppStore(services, options.preloadedState);
  // jsdom keeps the element and its events but plays no sound; play() answers as a browser that allowed it.
  const audio = document.createElement('audio');
  audio.play = vi.fn(async () => undefined);
  audio.pause = vi.fn();
  audio.load = vi.fn();
  const player = new BopsPlayer({ audio, storage: null, queueStorage: null, mediaSession: null });
  const view = render(
    <AppProviders runtime={new AppRuntime({ handle: createStoreHandle(store, player) })}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, services, player };
}
