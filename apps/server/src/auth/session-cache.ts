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
 * request does not cost a database round trip and a signature check each time. Entries are keyed by the
 * session token (the part of the cookie before its signature) and hit only for the exact cookie that was
 * verified. A deleted session is forgotten at once in this process, and its token is refused for the cache
 * lifetime so a lookup that raced the deletion cannot put it back; other processes drop it within the
 * lifetime.
 */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #revoked = new Map<string, number>();

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get(cookie: string): SessionOwner | null {
    const token = tokenOf(cookie);
    const entry = this.#entries.get(token);
    if (!entry) return null;
    if (entry.cookie !== cookie || entry.until <= this.#now()) {
      if (entry.until <= this.#now()) this.#entries.delete(token);
      return null;
    }
    return entry.owner;
  }

  /** Keeps what a full session check found, for at most the cache lifetime and never past the session's end. */
  set(cookie: string, owner: SessionOwner, sessionExpiresAt: Date): void {
    if (this.#ttlMs <= 0) return;
    const now = this.#now();
    const token = tokenOf(cookie);
    const revokedUntil = this.#revoked.get(token);
    if (revokedUntil !== undefined) {
      if (revokedUntil > now) return;
      this.#revoked.delete(token);
    }
    if (this.#entries.size >= this.#maxEntries) this.#evict(now);
    this.#entries.delete(token);
    this.#entries.set(token, {
      cookie,
      owner,
      until: Math.min(now + this.#ttlMs, sessionExpiresAt.getTime()),
    });
  }

  /** A session ended (sign-out, revocation): its token stops resolving here at once. */
  forgetToken(token: string): void {
    this.#entries.delete(token);
    if (this.#ttlMs <= 0) return;
    const now = this.#now();
    if (this.#revoked.size >= this.#maxEntries) {
      for (const [key, until] of this.#revoked) if (until <= now) this.#revoked.delete(key);
    }
    if (this.#revoked.size < this.#maxEntries) this.#revoked.set(token, now + this.#ttlMs);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops expired entries; if the cache is still full, the oldest (Map order is insertion order). */
  #evict(now: number): void {
    for (const [token, entry] of this.#entries) if (entry.until <= now) this.#entries.delete(token);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}

/** Session cookies are `<token>.<signature>`; the token is what the session row stores. */
function tokenOf(cookie: string): string {
  const dot = cookie.indexOf('.');
  return dot === -1 ? cookie : cookie.slice(0, dot);
}
