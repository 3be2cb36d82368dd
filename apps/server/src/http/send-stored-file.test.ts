import fs from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/test-runtime.ts';
import { LocalStorage } from '../storage/local-storage.driver.ts';
import { registerErrorHandling } from './error-handler.ts';
import { sendStoredFile } from './send-stored-file.ts';

describe('sendStoredFile', () => {
  let app: FastifyInstance;
  let dir: string;
  const bytes = Buffer.from(Array.from({ length: 2000 }, (_, i) => i % 251));

  beforeAll(async () => {
    dir = await makeTempDir('bops-files-');
    const storage = new LocalStorage({ dir });
    await storage.put('audio/song.mp3', bytes, 'audio/mpeg');
    app = Fastify();
    registerErrorHandling(app, { bodyLimit: 1024 });
    app.get('/file/:name', (request, reply) =>
      sendStoredFile(request, reply, storage, `audio/${(request.params as { name: string }).name}`, {
        cacheControl: 'private, max-age=0',
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (range?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url: '/file/song.mp3', headers: range ? { range } : {} });

  it('sends the whole file with its type, ETag and range support', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=2-5', 2, 5],
    ['bytes=-500', 1500, 1999],
    ['bytes=500-', 500, 1999],
    ['bytes=1990-99999', 1990, 1999],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get(range);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/2000`);
    expect(Number(response.headers['content-length'])).toBe(end - start + 1);
    expect(response.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers a start beyond the end with 416 and the length', async () => {
    const response = await get('bytes=2000-');
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */2000');
  });

  it('answers a malformed range with the whole file', async () => {
    const response = await get('bytes=abc');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(2000);
  });

  it('answers HEAD with headers and no body', async () => {
    const whole = await get(undefined, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('2000');
    expect(whole.rawPayload.length).toBe(0);
    const part = await get('bytes=10-19', 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/2000');
    expect(part.headers['content-length']).toBe('10');
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get();
    const again = await app.inject({
      method: 'GET',
      url: '/file/song.mp3',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a missing file with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/file/missing.mp3' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This file does not exist.');
  });
});
