import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic, makeWav, type BuiltMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('ranged song audio on %s', (kind) => {
  let runtime: TestRuntime;
  let owner: TestUser;
  let song: BuiltMusic;
  let url: string;
  // 1,044 bytes: a 44-byte header and 500 samples.
  const audio = makeWav(500, 523);
  const size = audio.length;

  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
    owner = await buildUser(runtime.app!);
    song = await buildMusic(runtime, owner, { audio });
    url = `/api/music/${song.id}/audio`;
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const get = (range?: string, method: 'GET' | 'HEAD' = 'GET') =>
    inject({ method, url, headers: as(owner, range === undefined ? {} : { range }) });

  it('sends the whole file without a range', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(size));
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.rawPayload.equals(audio)).toBe(true);
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=2-5', 2, 5],
    ['bytes=-500', size - 500, size - 1],
    ['bytes=500-', 500, size - 1],
    [`bytes=1000-${size + 5000}`, 1000, size - 1],
  ])('answers %s with exactly those bytes', async (range, start, end) => {
    const response = await get(range);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(audio.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 with the length for a range starting at or past the end', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`]) {
      const response = await get(range);
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
    }
  });

  it('ignores a malformed range and sends the whole file', async () => {
    for (const range of ['bytes=abc', 'items=0-5', 'bytes=5-2', 'bytes=0-1,4-6']) {
      const response = await get(range);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(audio)).toBe(true);
    }
  });

  it('answers HEAD with the lengths and no body', async () => {
    const whole = await get(undefined, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.rawPayload.length).toBe(0);
    const part = await get('bytes=2-5', 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-5/${size}`);
    expect(part.headers['content-length']).toBe('4');
    expect(part.rawPayload.length).toBe(0);
  });

  it('revalidates with the ETag', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    const again = await inject({ method: 'GET', url, headers: as(owner, { 'if-none-match': etag }) });
    expect(again.statusCode).toBe(304);
  });

  it('checks access before any byte: a stranger gets 404 for every range', async () => {
    const stranger = await buildUser(runtime.app!);
    for (const range of [undefined, 'bytes=0-0', 'bytes=-500']) {
      const response = await inject({
        method: 'GET',
        url,
        headers: as(stranger, range === undefined ? {} : { range }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.rawPayload.includes(audio.subarray(44, 60))).toBe(false);
    }
  });
});
