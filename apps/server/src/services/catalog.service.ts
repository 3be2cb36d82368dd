import { setTimeout as sleep } from 'node:timers/promises';
import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Storage } from '../storage/storage.ts';
import { CpuPriority, CPU_THREAD_IDLE_MS, type CpuPool } from '../workers/cpu-pool.ts';

/** Bump when the engine's catalogue sound changes, so every instance renders the new versions once. */
const CATALOG_VERSION = 'v2';

/**
 * A beat's preview is its first 16 bars (intro, verse, hook and outro: about 40 s), not the whole beat: a person
 * picking a beat hears what it is, and it renders in half the time, so one asked for before the first start's
 * pass reached it is there in a moment.
 */
export const MUSIC_PREVIEW_BARS = 16;

/** How long a request for a missing preview waits for it to render before being told to try again. */
const ON_DEMAND_WAIT_MS = 20_000;

export type CatalogAssetKind = 'music-selection' | 'artist-preview';

export const catalogKeys = {
  musicAudio: (id: string) => `catalog/${CATALOG_VERSION}/musics/${id}.mp3`,
  musicCover: (id: string) => `catalog/${CATALOG_VERSION}/musics/${id}.svg`,
  artistPreview: (id: string) => `catalog/${CATALOG_VERSION}/artists/${id}.mp3`,
};

/**
 * The built-in beats and artist demos, rendered by the engine on first start (one job per asset, so
 * several workers share the work) and kept in storage from then on.
 */
export class CatalogService {
  readonly #storage: Storage;
  readonly #queue: JobQueue;
  readonly #cpu: CpuPool;
  readonly #logger: FastifyBaseLogger;
  /**
   * Renders in progress in this process, by storage key: a second ask joins the first, and a person asking for one
   * the background pass has queued raises it ahead of the pass.
   */
  readonly #rendering = new Map<string, { done: Promise<void>; priority: CpuPriority }>();
  readonly #onDemandWaitMs: number;
  #warmedAt = Number.NEGATIVE_INFINITY;

  constructor(deps: {
    storage: Storage;
    queue: JobQueue;
    cpu: CpuPool;
    logger: FastifyBaseLogger;
    /** How long a request for a missing preview waits for it (milliseconds); ON_DEMAND_WAIT_MS unless given. */
    onDemandWaitMs?: number;
  }) {
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#cpu = deps.cpu;
    this.#logger = deps.logger;
    this.#onDemandWaitMs = deps.onDemandWaitMs ?? ON_DEMAND_WAIT_MS;
  }

  /** Queues a render for every asset not yet in storage; cheap when all are there. */
  async ensureRendered(): Promise<number> {
    let queued = 0;
    for (const asset of this.#wanted()) {
      if (await this.#storage.stat(asset.key)) continue;
      if (
        await this.#queue.send('render-catalog-asset', { kind: asset.kind, id: asset.id }, { key: asset.key })
      )
        queued++;
    }
    if (queued > 0) this.#logger.info({ queued }, 'rendering the built-in beats and artist demos');
    return queued;
  }

  /**
   * Resolves once every asset is stored (checked every `intervalMs`), or when `signal` aborts or `timeoutMs`
   * passes (an asset whose render keeps failing must not hold back what waits on the rest). True when all are.
   * Meanwhile the CPU pool's threads are kept started, so a preview asked for before the pass reached it starts
   * rendering at once instead of first starting a thread and loading the engine.
   */
  async whenAllStored(options: {
    signal: AbortSignal;
    timeoutMs: number;
    intervalMs?: number;
  }): Promise<boolean> {
    const deadline = Date.now() + options.timeoutMs;
    let missing = this.#wanted();
    while (!options.signal.aborted && Date.now() < deadline) {
      const stored = await Promise.all(
        missing.map(async (asset) => Boolean(await this.#storage.stat(asset.key))),
      );
      missing = missing.filter((_, i) => !stored[i]);
      if (missing.length === 0) return true;
      this.#keepWarm();
      // Aborting ends the pause early (and the loop with it).
      await sleep(options.intervalMs ?? 2000, undefined, { signal: options.signal }).catch(() => {});
    }
    return false;
  }

  /**
   * At start, before the app has loaded: when a preview is missing, the CPU pool's threads start now, so a preview
   * asked for as soon as Bops answers renders at once (starting a thread and loading the engine took about 1.2 s of
   * the first request at a load of 8).
   */
  async warmIfMissing(): Promise<void> {
    for (const asset of this.#wanted()) {
      if (await this.#storage.stat(asset.key)) continue;
      this.#keepWarm();
      return;
    }
  }

  /** Starts the pool's threads, again each half of their idle time, so none ends while previews are missing. */
  #keepWarm(): void {
    if (Date.now() - this.#warmedAt < CPU_THREAD_IDLE_MS / 2) return;
    this.#warmedAt = Date.now();
    void this.#cpu.warm();
  }

  #wanted(): Array<{ kind: CatalogAssetKind; id: string; key: string }> {
    return [
      ...listMusicSelections().map((m) => ({
        kind: 'music-selection' as const,
        id: m.id,
        key: catalogKeys.musicAudio(m.id),
      })),
      ...listArtists().map((a) => ({
        kind: 'artist-preview' as const,
        id: a.id,
        key: catalogKeys.artistPreview(a.id),
      })),
    ];
  }

  /** Renders one asset unless it is stored already (the background pass: one job per asset). */
  renderAsset(kind: CatalogAssetKind, id: string, signal: AbortSignal): Promise<void> {
    return this.#render(kind, id, { signal, first: false });
  }

  /**
   * A preview someone asked for that is not stored yet (the first start's pass has not reached it): rendered now,
   * ahead of other waiting work, and stored for everyone. True once it is stored; false when it took longer than
   * a request should wait (it still finishes and is stored).
   */
  async renderOnDemand(kind: CatalogAssetKind, id: string): Promise<boolean> {
    const rendering = this.#render(kind, id, { first: true });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.#onDemandWaitMs);
    });
    try {
      return await Promise.race([rendering.then(() => true as const), late]);
    } catch (error) {
      this.#logger.error({ err: error, kind, id }, 'could not render a catalogue preview');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  #render(
    kind: CatalogAssetKind,
    id: string,
    options: { signal?: AbortSignal; first: boolean },
  ): Promise<void> {
    const key = kind === 'music-selection' ? catalogKeys.musicAudio(id) : catalogKeys.artistPreview(id);
    const running = this.#rendering.get(key);
    if (running) {
      if (options.first) running.priority.raise();
      return running.done;
    }
    const priority = new CpuPriority(options.first);
    const run = { ...(options.signal ? { signal: options.signal } : {}), first: priority };
    const done = (async () => {
      if (await this.#storage.stat(key)) return;
      if (kind === 'music-selection') {
        const render = await this.#cpu.run('render-music-selection', { id, bars: MUSIC_PREVIEW_BARS }, run);
        await this.#storage.put(catalogKeys.musicCover(id), render.cover.bytes, render.cover.contentType);
        await this.#storage.put(key, render.mp3, 'audio/mpeg');
      } else {
        const render = await this.#cpu.run('render-artist-preview', { id }, run);
        await this.#storage.put(key, render.mp3, 'audio/mpeg');
      }
    })().finally(() => this.#rendering.delete(key));
    this.#rendering.set(key, { done, priority });
    return done;
  }
}
