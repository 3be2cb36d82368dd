import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../services/catalog.service.ts';
import { waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('the built-in catalogue on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());

  it(
    'answers 503 while a beat is not rendered, then serves it with ranges once the job ran',
    { timeout: 120_000 },
    async () => {
      const before = await runtime.app!.inject({ method: 'GET', url: '/audio/musics/golden-hour.mp3' });
      expect(before.statusCode).toBe(503);
      expect(before.headers['retry-after']).toBe('30');

      await runtime.queue.send(
        'render-catalog-asset',
        { kind: 'music-selection', id: 'golden-hour' },
        { key: 'test-golden-hour' },
      );
      await waitFor(
        async () => Boolean(await runtime.storage.stat(catalogKeys.musicAudio('golden-hour'))),
        100_000,
        'the beat render',
      );

      const audio = await runtime.app!.inject({
        method: 'GET',
        url: '/audio/musics/golden-hour.mp3',
        headers: { range: 'bytes=0-99' },
      });
      expect(audio.statusCode).toBe(206);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect(audio.rawPayload.length).toBe(100);
      const cover = await runtime.app!.inject({ method: 'GET', url: '/audio/musics/golden-hour.svg' });
      expect(cover.statusCode).toBe(200);
      expect(cover.body).toContain('<svg');
    },
  );

  it('answers 404 for names outside the catalogue', async () => {
    for (const url of [
      '/audio/musics/nope.mp3',
      '/audio/musics/..%2F..%2Fetc.mp3',
      '/audio/artists/nobody.mp3',
    ]) {
      expect((await runtime.app!.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('queues each missing asset once', async () => {
    const first = await runtime.services.catalog.ensureRendered();
    const second = await runtime.services.catalog.ensureRendered();
    expect(first).toBeGreaterThanOrEqual(12 + 10 - 1);
    expect(second).toBe(0);
  });
});
