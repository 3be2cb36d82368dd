import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, silentLogger, type TestRuntime } from '../test/test-runtime.ts';
import { CpuPool } from '../workers/cpu-pool.ts';
import { CatalogService, catalogKeys } from './catalog.service.ts';

describe("the catalogue on the embedded database, for previews asked for before the first start's pass", () => {
  let runtime: TestRuntime;
  let cpu: CpuPool;
  /** The pool's tasks in the order their renders ended (before each frees its thread). */
  const rendersEnded: string[] = [];
  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
    // One thread, as on a two-core machine, and one beyond it for a preview someone waits on.
    cpu = new CpuPool({ threads: 1, onTaskFinished: (task) => rendersEnded.push(task) });
  });
  afterAll(async () => {
    await cpu?.close();
    await runtime?.destroy();
  });

  it("starts the CPU pool's threads, the extra one included, while previews are missing", async () => {
    const catalog = new CatalogService({
      storage: runtime.storage,
      queue: runtime.queue,
      cpu,
      logger: silentLogger,
    });
    expect(cpu.threads).toBe(0);
    await catalog.warmIfMissing();
    await expect.poll(() => cpu.threads).toBe(2);
    expect(cpu.running).toBe(0);
  });

  it(
    'a preview the pass has queued starts at once when asked for, and the pass waits while it renders',
    { timeout: 120_000 },
    async () => {
      // The preview must come, however long it takes on a loaded machine (20 s did not, once).
      const catalog = new CatalogService({
        storage: runtime.storage,
        queue: runtime.queue,
        cpu,
        logger: silentLogger,
        onDemandWaitMs: 100_000,
      });
      const [running, queued] = listArtists()
        .slice(-2)
        .map((artist) => artist.id) as [string, string];
      const beat = listMusicSelections().at(-1)!.id;
      const finished: string[] = [];
      const signal = new AbortController().signal;
      const pass = [
        catalog.renderAsset('artist-preview', running, signal).then(() => finished.push('running')),
        catalog.renderAsset('music-selection', beat, signal).then(() => finished.push('beat')),
        catalog.renderAsset('artist-preview', queued, signal).then(() => finished.push('queued')),
      ];
      // The pass holds the pool's thread with two more of its renders waiting (after the storage check).
      await expect.poll(() => cpu.queued).toBe(2);
      expect(cpu.running).toBe(1);

      // Asking for the last one raises the pass's render of it: on the extra thread now, the beat still waiting.
      const asked = catalog.renderOnDemand('artist-preview', queued);
      expect(cpu.running).toBe(2);
      expect(cpu.queued).toBe(1);
      expect(await asked).toBe(true);
      expect(await runtime.storage.stat(catalogKeys.artistPreview(queued))).toBeTruthy();
      await Promise.all(pass);
      // Rendered once, and the beat (queued before it) started only once the asked-for one was done. Which of the
      // two stores its file first is a race (the beat's render is short), so the order is the renders' own.
      expect(finished).toHaveLength(3);
      expect(rendersEnded).toEqual([
        'render-artist-preview',
        'render-artist-preview',
        'render-music-selection',
      ]);
    },
  );
});
