import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/test-runtime.ts';
import { LocalStorage } from './local-storage.driver.ts';
import { S3Storage } from './s3-storage.driver.ts';
import { assertValidKey, type Storage } from './storage.ts';

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

interface Driver {
  storage: Storage;
  close(): Promise<void>;
}

// s3rver speaks the S3 protocol but does not verify request signatures: these tests prove the driver's
// requests and responses, not that credentials are checked.
const drivers: Record<string, () => Promise<Driver>> = {
  local: async () => {
    const dir = await makeTempDir('bops-storage-');
    return { storage: new LocalStorage({ dir }), close: () => fs.rm(dir, { recursive: true, force: true }) };
  },
  s3: async () => {
    const dir = await makeTempDir('bops-s3rver-');
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory: dir,
      silent: true,
      configureBuckets: [{ name: 'bops-test', configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: 'bops-test',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    return {
      storage,
      async close() {
        await server.close();
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  },
};

describe.each(Object.keys(drivers))('%s storage driver', (name) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await drivers[name]!();
  });
  afterAll(async () => driver?.close());

  it('stores, describes, reads and deletes an object', async () => {
    const { storage } = driver;
    const info = await storage.put('music/abc/song.txt', Buffer.from('hello bops'), 'text/plain');
    expect(info.size).toBe(10);
    expect(info.contentType).toBe('text/plain');
    expect(info.etag).toMatch(/^".+"$/);
    expect(await text(await storage.read('music/abc/song.txt'))).toBe('hello bops');
    expect((await storage.readAll('music/abc/song.txt'))?.toString()).toBe('hello bops');
    await storage.delete('music/abc/song.txt');
    expect(await storage.stat('music/abc/song.txt')).toBeNull();
    expect(await storage.read('music/abc/song.txt')).toBeNull();
    // Deleting what is already gone is not an error (job retries rely on it).
    await storage.delete('music/abc/song.txt');
  });

  it('reads a byte range', async () => {
    const { storage } = driver;
    await storage.put('ranges/digits.txt', Buffer.from('0123456789'), 'text/plain');
    expect(await text(await storage.read('ranges/digits.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.read('ranges/digits.txt', { start: 9, end: 9 }))).toBe('9');
  });

  it('stores a stream and lists by prefix', async () => {
    const { storage } = driver;
    await storage.put(
      'list/a/one.bin',
      Readable.from([Buffer.from('ab'), Buffer.from('cd')]),
      'application/octet-stream',
    );
    await storage.put('list/b/two.bin', Buffer.from('x'), 'application/octet-stream');
    expect(await storage.list('list/')).toEqual(['list/a/one.bin', 'list/b/two.bin']);
    expect((await storage.stat('list/a/one.bin'))?.size).toBe(4);
  });

  it('refuses keys that could escape the store', async () => {
    await expect(driver.storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe('assertValidKey', () => {
  it.each(['../x', 'a/../b', '/abs', 'a//b', 'a/./b', '', 'a b', 'a\\b'])('rejects %j', (key) => {
    expect(() => assertValidKey(key)).toThrow();
  });
  it.each(['music/abc/song.mp3', 'a', 'voice-clones/u1/sample.webm'])('accepts %j', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });
});
