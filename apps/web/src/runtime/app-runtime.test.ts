import { describe, expect, it, vi } from 'vitest';
import { sampleProfile, sampleSession, fakeServices } from '../test/test-app.tsx';
import { AppRuntime, signedInHintKey, type StoreHandle } from './app-runtime.ts';
import { createStoreHandle } from './store-handle.ts';
import { createAppStore } from '../store/store.ts';
import type { Session } from '../api/auth.api.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** A store whose profile request answers with the sample profile. */
function storeHandle(): StoreHandle {
  const store = createAppStore(fakeServices().services);
  const handle = createStoreHandle(store);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ statusCode: 200, data: sampleProfile })),
  );
  return handle;
}

describe('the app runtime', () => {
  it('renders at once for a browser signed out last time, and judges only after the check', async () => {
    const session = deferred<Session | null>();
    const loadStore = vi.fn();
    const runtime = new AppRuntime({
      fetchSession: () => session.promise,
      loadStore,
      hintStorage: memoryStorage(),
    });
    runtime.start();
    expect(runtime.getSession()).toMatchObject({ ready: true, checked: false, authenticated: false });
    session.resolve(null);
    await vi.waitFor(() => expect(runtime.getSession().checked).toBe(true));
    expect(runtime.getSession()).toMatchObject({ ready: true, authenticated: false });
    // A visitor's landing page needs no store.
    expect(loadStore).not.toHaveBeenCalled();
  });

  it('waits for the check where someone was signed in, then loads the store and the profile', async () => {
    const hints = memoryStorage({ [signedInHintKey]: '1' });
    const handle = storeHandle();
    const checkSession = vi.spyOn(handle, 'checkSession');
    const runtime = new AppRuntime({
      fetchSession: async () => sampleSession,
      loadStore: async () => handle,
      hintStorage: hints,
    });
    const seen: boolean[] = [];
    runtime.subscribe(() => seen.push(runtime.getSession().ready));
    expect(runtime.getSession().ready).toBe(false);
    runtime.start();
    await vi.waitFor(() => expect(runtime.getSession().authenticated).toBe(true));
    expect(checkSession).toHaveBeenCalledWith({ session: sampleSession });
    expect(runtime.getSession()).toMatchObject({ ready: true, checked: true, userId: 'u1' });
    expect(runtime.handle).toBe(handle);
    expect(hints.values.get(signedInHintKey)).toBe('1');
  });

  it('starts a store loaded later for a visitor signed out, as the check said, and forgets the hint', async () => {
    const hints = memoryStorage({ [signedInHintKey]: '1' });
    const handle = storeHandle();
    const runtime = new AppRuntime({
      fetchSession: async () => null,
      loadStore: async () => handle,
      hintStorage: hints,
    });
    runtime.start();
    await vi.waitFor(() => expect(runtime.getSession().checked).toBe(true));
    expect(hints.values.has(signedInHintKey)).toBe(false);
    await runtime.load();
    expect(handle.store.getState().account.status).toBe('SUCCESS');
    expect(runtime.getSession()).toMatchObject({ ready: true, checked: true, authenticated: false });
  });

  it('treats a failed check as signed out', async () => {
    const runtime = new AppRuntime({
      fetchSession: async () => {
        throw new Error('offline');
      },
      hintStorage: memoryStorage({ [signedInHintKey]: '1' }),
    });
    runtime.start();
    await vi.waitFor(() => expect(runtime.getSession().checked).toBe(true));
    expect(runtime.getSession().authenticated).toBe(false);
  });
});
