/** Who a session cookie belongs to, as the routes need it. */
export interface SessionOwner {
  id: string;
  email: string;
  sessionId: string;
}

interface Entry {
  cookie: string;
  owner: SessionOwner;
  until: number;
}

/**
 * Remembers, for a few seconds, which person a session cookie was last found to belong to, so a signed-in
 * request costs neither a database round trip nor a signature check. Entries are keyed by the session token
 * (the part of the cookie before its signature) and hit only for the exact cookie that was verified.
 *
 * The database announces every ended session (migration 0002): `forgetSession` drops it at once and refuses
 * it for the cache lifetime, so a lookup that raced the sign-out cannot put it back. While those
 * announcements are not known to arrive (`setLive(false)`), nothing is kept and every request asks the
 * database.
 */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #tokenBySession = new Map<string, string>();
  readonly #ended = new Map<string, number>();
  #live = false;

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Whether ended sessions are announced; either way, what was kept is dropped. */
  setLive(live: boolean): void {
    this.#live = live;
    this.#entries.clear();
    this.#tokenBySession.clear();
  }

  get(cookie: string): SessionOwner | null {
    const token = tokenOf(cookie);
    const entry = this.#entries.get(token);
    if (!entry) return null;
    if (entry.until <= this.#now()) {
      this.#delete(token);
      return null;
    }
    return entry.cookie === cookie ? entry.owner : null;
  }

  /** Keeps what a full session check found, for at most the cache lifetime and never past the session's end. */
  set(cookie: string, owner: SessionOwner, sessionExpiresAt: Date): void {
    if (!this.#live || this.#ttlMs <= 0) return;
    const now = this.#now();
    const endedUntil = this.#ended.get(owner.sessionId);
    if (endedUntil !== undefined) {
      if (endedUntil > now) return;
      this.#ended.delete(owner.sessionId);
    }
    if (this.#entries.size >= this.#maxEntries) this.#evict(now);
    const token = tokenOf(cookie);
    this.#delete(token);
    this.#entries.set(token, {
      cookie,
      owner,
      until: Math.min(now + this.#ttlMs, sessionExpiresAt.getTime()),
    });
    this.#tokenBySession.set(owner.sessionId, token);
  }

  /** A session ended (sign-out, revocation, a terminated account): it stops resolving here at once. */
  forgetSession(sessionId: string): void {
    const token = this.#tokenBySession.get(sessionId);
    if (token !== undefined) this.#delete(token);
    if (this.#ttlMs <= 0) return;
    const now = this.#now();
    if (this.#ended.size >= this.#maxEntries) {
      for (const [id, until] of this.#ended) if (until <= now) this.#ended.delete(id);
    }
    if (this.#ended.size < this.#maxEntries) this.#ended.set(sessionId, now + this.#ttlMs);
  }

  get size(): number {
    return this.#entries.size;
  }

  #delete(token: string): void {
    const entry = this.#entries.get(token);
    if (!entry) return;
    this.#entries.delete(token);
    this.#tokenBySession.delete(entry.owner.sessionId);
  }

  /** Drops expired entries; if the cache is still full, the oldest (Map order is insertion order). */
  #evict(now: number): void {
    for (const [token, entry] of this.#entries) if (entry.until <= now) this.#delete(token);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#delete(oldest.value);
    }
  }
}

/** Session cookies are `<token>.<signature>`; the token is what the session row stores. */
function tokenOf(cookie: string): string {
  const dot = cookie.indexOf('.');
  return dot === -1 ? cookie : cookie.slice(0, dot);
}
