interface Entry {
  generation: number;
  storedAt: number;
  value: Promise<unknown>;
  tag: string | undefined;
}

/**
 * Songs and playlists as the read routes need them, kept in memory between requests. The database announces
 * every committed change to them (`bops_read_change`, see migration 0002), and any announcement drops
 * everything: writes are rare next to reads, and a whole drop cannot miss a dependency (a song's visibility
 * depends on its owner's playlists, a playlist's summary on its songs).
 *
 * A song's like and listen counts change far more often than anything else; they are kept under the song's
 * id as a tag and dropped alone when the database announces that song's counts changed.
 *
 * The cache only answers while the announcements are known to arrive (`setLive(true)`); while the feed is
 * down every read goes to the database. A load started before a change is never stored under the newer
 * generation, so it cannot outlive the change. Values are shared between requests: callers must not mutate
 * them.
 */
export class ReadCache {
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #tagged = new Map<string, Set<string>>();
  #generation = 0;
  #live = false;

  constructor(options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 50_000;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Whether change announcements are arriving; either way, what was kept is dropped. */
  setLive(live: boolean): void {
    this.#live = live;
    this.invalidate();
  }

  /** Something changed: nothing kept so far may be answered again. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#tagged.clear();
  }

  /** Something changed that only the entries tagged `tag` depend on. */
  invalidateTag(tag: string): void {
    const keys = this.#tagged.get(tag);
    if (!keys) return;
    this.#tagged.delete(tag);
    for (const key of keys) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The kept value for `key`, or `load()`'s, shared by every request that asks while it loads. */
  get<T>(key: string, load: () => Promise<T>, options: { tag?: string } = {}): Promise<T> {
    if (!this.#live) return load();
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && hit.generation === this.#generation && now - hit.storedAt < this.#maxAgeMs) {
      return hit.value as Promise<T>;
    }
    const generation = this.#generation;
    const value = load();
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#delete(oldest.value);
    }
    this.#delete(key);
    this.#entries.set(key, { generation, storedAt: now, value, tag: options.tag });
    if (options.tag !== undefined) {
      const keys = this.#tagged.get(options.tag) ?? new Set<string>();
      keys.add(key);
      this.#tagged.set(options.tag, keys);
    }
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#delete(key);
    });
    return value;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    if (entry.tag === undefined) return;
    const keys = this.#tagged.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) this.#tagged.delete(entry.tag);
  }
}
