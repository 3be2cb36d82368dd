import type { Session } from '../api/auth.api.ts';
import type { PrefetchedSession } from '../auth/account.thunks.ts';
import type { BopsPlayer } from '../player/bops-player.ts';
import type { AppStore } from '../store/store.ts';

/**
 * The store with what the light part of the app asks of it. It comes in its own chunk: the landing page and the
 * shell around it render without the store, Redux Toolkit or RTK Query, so a visitor's first load stays small.
 */
export interface StoreHandle {
  store: AppStore;
  /** Start-up check (docs/PRODUCT.md#states); a check already answered before the store loaded is passed in. */
  checkSession(prefetched?: PrefetchedSession): Promise<void>;
  signOut(): void;
  /** The music player: made with the store, so music keeps playing from page to page. */
  player: BopsPlayer;
}

/** What the shell and the route guards need to know about the person. */
export interface SessionSnapshot {
  /** The session check has answered. */
  checked: boolean;
  /**
   * Pages may render: once the check has answered (docs/PRODUCT.md#states), or at once for a browser that was signed out last
   * time, where the visitor's pages (the landing page) need not wait; the guards still wait for the answer.
   */
  ready: boolean;
  authenticated: boolean;
  userId: string | null;
}

const checking: SessionSnapshot = { checked: false, ready: false, authenticated: false, userId: null };
const likelyVisitor: SessionSnapshot = { checked: false, ready: true, authenticated: false, userId: null };
const visitor: SessionSnapshot = { checked: true, ready: true, authenticated: false, userId: null };

function sameSnapshot(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return (
    a.checked === b.checked &&
    a.ready === b.ready &&
    a.authenticated === b.authenticated &&
    a.userId === b.userId
  );
}

/** Set while signed in, so the next start-up knows whether the landing page may render before the check answers. */
export const signedInHintKey = 'bops.signed-in';

export interface AppRuntimeOptions {
  /** The store already made (tests); the start-up check then runs through it as it always did. */
  handle?: StoreHandle;
  /** Loads the store's chunk and makes the store (the browser). */
  loadStore?: () => Promise<StoreHandle>;
  /** The light session check used before the store exists. */
  fetchSession?: () => Promise<Session | null>;
  /** Where the signed-in hint is kept (localStorage); without it every page waits for the check. */
  hintStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
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
  /** The session as known before the store has its own answer. */
  #light: SessionSnapshot = checking;
  #snapshot: SessionSnapshot = checking;
  readonly #hintStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  #started = false;
  readonly #listeners = new Set<() => void>();

  constructor(options: AppRuntimeOptions) {
    this.#handle = null;
    this.#loadStore = options.loadStore;
    this.#fetchSession = options.fetchSession;
    this.#hintStorage = options.hintStorage ?? null;
    if (this.#hintStorage && this.#fetchSession && !options.handle && !readHint(this.#hintStorage)) {
      this.#light = likelyVisitor;
      this.#snapshot = likelyVisitor;
    }
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

  /** Start-up (docs/PRODUCT.md#states), once however often it is asked for. */
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
      // Signed in: the store and the profile come before the guards judge anything.
      const handle = await this.load();
      if (handle.store.getState().account.status === null) await handle.checkSession(prefetched);
    } else {
      // A visitor (or a failed check, which means signed out): no store needed.
      this.#light = visitor;
      this.#refresh(false);
    }
  }

  #attach(handle: StoreHandle) {
    this.#handle = handle;
    const prefetched = this.#prefetched;
    // A visitor's store loaded later starts signed out, as the check said.
    if (prefetched && handle.store.getState().account.status === null) void handle.checkSession(prefetched);
    handle.store.subscribe(() => this.#refresh(false));
    this.#refresh(true);
  }

  /** The store's answer once it has one; the light one before. */
  #current(): SessionSnapshot {
    const account = this.#handle?.store.getState().account;
    if (!account || account.status === null || account.status === 'LOADING') return this.#light;
    return {
      checked: true,
      ready: true,
      authenticated: account.authenticated,
      userId: account.user?.id ?? null,
    };
  }

  #refresh(changed: boolean) {
    const next = this.#current();
    if (!sameSnapshot(next, this.#snapshot)) {
      this.#snapshot = next;
      if (next.checked) writeHint(this.#hintStorage, next.authenticated);
      changed = true;
    }
    if (changed) for (const listener of this.#listeners) listener();
  }
}

function readHint(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(signedInHintKey) !== null;
  } catch {
    // Storage refused (private browsing): wait for the check, as if signed in.
    return true;
  }
}

function writeHint(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, signedIn: boolean) {
  try {
    if (signedIn) storage?.setItem(signedInHintKey, '1');
    else storage?.removeItem(signedInHintKey);
  } catch {
    // Only a hint; without it the next start-up waits for the check.
  }
}
