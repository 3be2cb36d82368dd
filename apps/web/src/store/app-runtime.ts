import type { Session } from '../api/auth.api.ts';
import type { PrefetchedSession } from '../auth/account.thunks.ts';
import type { AppStore } from './store.ts';

/**
 * The store with what the light part of the app asks of it. It comes in its own chunk: the landing page and the
 * shell around it render without the store, Redux Toolkit or RTK Query, so a visitor's first load stays small.
 */
export interface StoreHandle {
  store: AppStore;
  /** Start-up check (spec §4); a check already answered before the store loaded is passed in. */
  checkSession(prefetched?: PrefetchedSession): Promise<void>;
  signOut(): void;
}

/** What the shell and the route guards need to know about the person. */
export interface SessionSnapshot {
  /** The start-up check has answered; until then nothing renders (spec §4). */
  ready: boolean;
  authenticated: boolean;
  userId: string | null;
}

const checking: SessionSnapshot = { ready: false, authenticated: false, userId: null };
const visitor: SessionSnapshot = { ready: true, authenticated: false, userId: null };

function sameSnapshot(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return a.ready === b.ready && a.authenticated === b.authenticated && a.userId === b.userId;
}

function snapshotOf(store: AppStore): SessionSnapshot {
  const { account } = store.getState();
  return {
    ready: account.status !== null && account.status !== 'LOADING',
    authenticated: account.authenticated,
    userId: account.user?.id ?? null,
  };
}

export interface AppRuntimeOptions {
  /** The store already made (tests); the start-up check then runs through it as it always did. */
  handle?: StoreHandle;
  /** Loads the store's chunk and makes the store (the browser). */
  loadStore?: () => Promise<StoreHandle>;
  /** The light session check used before the store exists. */
  fetchSession?: () => Promise<Session | null>;
}

/**
 * Holds the session until the store exists and the store once it does. A visitor's session check is one plain
 * request; the store is loaded for a signed-in person at start-up, or for a visitor when a page needs it
 * (signing in, a shared playlist).
 */
export class AppRuntime {
  #handle: StoreHandle | null;
  #loading: Promise<StoreHandle> | null = null;
  readonly #loadStore: (() => Promise<StoreHandle>) | undefined;
  readonly #fetchSession: (() => Promise<Session | null>) | undefined;
  /** The light check's answer, kept for a store that loads after it. */
  #prefetched: PrefetchedSession | null = null;
  #snapshot: SessionSnapshot = checking;
  #started = false;
  readonly #listeners = new Set<() => void>();

  constructor(options: AppRuntimeOptions) {
    this.#handle = null;
    this.#loadStore = options.loadStore;
    this.#fetchSession = options.fetchSession;
    if (options.handle) this.#attach(options.handle);
  }

  /** The store, once loaded; null before. */
  get handle(): StoreHandle | null {
    return this.#handle;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSession = (): SessionSnapshot => this.#snapshot;

  /** Loads the store (once); a visitor's store starts from the check already made. */
  load(): Promise<StoreHandle> {
    if (!this.#loading) {
      if (this.#handle) {
        this.#loading = Promise.resolve(this.#handle);
      } else if (!this.#loadStore) {
        this.#loading = Promise.reject(new Error('This app runtime has no store to load.'));
      } else {
        this.#loading = this.#loadStore().then((handle) => {
          this.#attach(handle);
          return handle;
        });
      }
    }
    return this.#loading;
  }

  /** Start-up (spec §4), once however often it is asked for. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    if (this.#handle) {
      void this.#handle.checkSession();
      return;
    }
    const fetchSession = this.#fetchSession;
    if (!fetchSession) {
      void this.load().then((handle) => handle.checkSession());
      return;
    }
    void fetchSession().then(
      (session) => this.#answered({ session }),
      () => this.#answered({ failed: true }),
    );
  }

  async #answered(prefetched: PrefetchedSession) {
    this.#prefetched = prefetched;
    if (this.#handle) {
      await this.#handle.checkSession(prefetched);
    } else if ('session' in prefetched && prefetched.session) {
      // Signed in: the store and the profile come before anything renders.
      const handle = await this.load();
      if (handle.store.getState().account.status === null) await handle.checkSession(prefetched);
    } else {
      // A visitor (or a failed check, which means signed out): render now, no store needed.
      this.#update(visitor);
    }
  }

  #attach(handle: StoreHandle) {
    this.#handle = handle;
    const prefetched = this.#prefetched;
    // A visitor's store loaded later starts signed out, as the check said.
    if (prefetched && handle.store.getState().account.status === null) void handle.checkSession(prefetched);
    handle.store.subscribe(() => this.#update(snapshotOf(handle.store)));
    this.#update(snapshotOf(handle.store), true);
  }

  #update(next: SessionSnapshot, force = false) {
    // A store still empty says nothing yet; the light answer stands until the store has its own.
    if (this.#handle && !next.ready && this.#snapshot.ready && this.#prefetched) return this.#notify(force);
    if (!sameSnapshot(next, this.#snapshot)) {
      this.#snapshot = next;
      force = true;
    }
    this.#notify(force);
  }

  #notify(changed: boolean) {
    if (changed) for (const listener of this.#listeners) listener();
  }
}
