import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKeys } from '../services/catalog.service.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('the built-in catalogue on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());

  it(
    'renders a preview on its first request (two requests at once render it once), stores it, and serves ranges',
    { timeout: 120_000 },
    async () => {
      const stored: string[] = [];
      const put = runtime.storage.put.bind(runtime.storage);
      runtime.storage.put = (key, ...rest) => {
        stored.push(key);
        return put(key, ...rest);
      };
      const [audio, again] = await Promise.all(
        [0, 1].map(() =>
          runtime.app!.inject({
            method: 'GET',
            url: '/audio/musics/golden-hour.mp3',
            headers: { range: 'bytes=0-99' },
          }),
        ),
      );
      expect(audio!.statusCode).toBe(206);
      expect(again!.statusCode).toBe(206);
      expect(audio!.headers['content-type']).toBe('audio/mpeg');
      expect(audio!.rawPayload.length).toBe(100);
      expect(stored.filter((key) => key === catalogKeys.musicAudio('golden-hour'))).toHaveLength(1);
      const cover = await runtime.app!.inject({ method: 'GET', url: '/audio/musics/golden-hour.svg' });
      expect(cover.statusCode).toBe(200);
      expect(cover.body).toContain('<svg');

      // The background pass's job for it finds it stored and renders nothing.
      await runtime.services.catalog.renderAsset(
        'music-selection',
        'golden-hour',
        new AbortController().signal,
      );
      expect(stored).toHaveLength(2);

      const artist = await runtime.app!.inject({ method: 'GET', url: '/audio/artists/rapid-rae.mp3' });
      expect(artist.statusCode).toBe(200);
      expect(artist.headers['content-type']).toBe('audio/mpeg');
      expect(Number(artist.headers['content-length'])).toBeGreaterThan(50_000);
      runtime.storage.put = put;
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
