import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Storage } from '../storage/storage.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';

/** Bump when the engine's catalogue sound changes, so every instance renders the new versions once. */
const CATALOG_VERSION = 'v1';

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

  constructor(deps: { storage: Storage; queue: JobQueue; cpu: CpuPool; logger: FastifyBaseLogger }) {
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#cpu = deps.cpu;
    this.#logger = deps.logger;
  }

  /** Queues a render for every asset not yet in storage; cheap when all are there. */
  async ensureRendered(): Promise<number> {
    const wanted: Array<{ kind: CatalogAssetKind; id: string; key: string }> = [
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
    let queued = 0;
    for (const asset of wanted) {
      if (await this.#storage.stat(asset.key)) continue;
      if (
        await this.#queue.send('render-catalog-asset', { kind: asset.kind, id: asset.id }, { key: asset.key })
      )
        queued++;
    }
    if (queued > 0) this.#logger.info({ queued }, 'rendering the built-in beats and artist demos');
    return queued;
  }

  async renderAsset(kind: CatalogAssetKind, id: string, signal: AbortSignal): Promise<void> {
    if (kind === 'music-selection') {
      if (await this.#storage.stat(catalogKeys.musicAudio(id))) return;
      const render = await this.#cpu.run('render-music-selection', { id }, { signal });
      await this.#storage.put(catalogKeys.musicCover(id), render.cover.bytes, render.cover.contentType);
      await this.#storage.put(catalogKeys.musicAudio(id), render.mp3, 'audio/mpeg');
    } else {
      if (await this.#storage.stat(catalogKeys.artistPreview(id))) return;
      const render = await this.#cpu.run('render-artist-preview', { id }, { signal });
      await this.#storage.put(catalogKeys.artistPreview(id), render.mp3, 'audio/mpeg');
    }
  }
}
