import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/test-runtime.ts';
import { registerErrorHandling } from './error-handler.ts';
import { UploadReceiver, type ReceivedForm } from './upload-receiver.ts';

const CAP = 64 * 1024;

/** Resolves when told to; lets a test keep uploads "being handled" while it sends more. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('UploadReceiver', () => {
  let root: string;
  let receiver: UploadReceiver;
  let app: FastifyInstance;
  let base: string;
  let hold: ReturnType<typeof gate> | null = null;
  const seen: Array<{ form: ReceivedForm; onDisk: Record<string, number> }> = [];

  beforeAll(async () => {
    root = await makeTempDir('bops-uploads-');
    receiver = new UploadReceiver({
      perPerson: 2,
      total: 3,
      dir: path.join(root, 'uploads'),
      idleTimeoutMs: 300,
    });
    await receiver.prepare();
    app = Fastify();
    registerErrorHandling(app, { bodyLimit: 1024 });
    await app.register(multipart);
    app.post('/upload/:person', async (request) => {
      const { person } = request.params as { person: string };
      return receiver.receive(
        request,
        person,
        { files: { sample: { maxBytes: CAP }, photo: { maxBytes: CAP / 4 } } },
        async (form) => {
          const onDisk: Record<string, number> = {};
          for (const [name, file] of Object.entries(form.files))
            onDisk[name] = (await fs.stat(file.path)).size;
          seen.push({ form, onDisk });
          await hold?.opened;
          const sample = form.files.sample ? await form.files.sample.read() : null;
          return { fields: form.fields, sampleBytes: sample?.length ?? 0, first: sample?.[0] ?? null };
        },
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    hold = null;
    seen.length = 0;
  });

  afterAll(async () => {
    await app?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const leftOnDisk = async () => {
    const dirs = await fs.readdir(path.join(root, 'uploads'));
    const files = await Promise.all(dirs.map((dir) => fs.readdir(path.join(root, 'uploads', dir))));
    return files.flat();
  };

  function post(person: string, parts: Record<string, Blob | string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, `${name}.bin`);
    }
    return fetch(`${base}/upload/${person}`, { method: 'POST', body: form });
  }

  const bytes = (length: number, fill = 7) => new Blob([new Uint8Array(length).fill(fill)]);

  it('streams each file to its own temporary file and removes it when the handler returns', async () => {
    const response = await post('ada', { name: 'Ada', sample: bytes(CAP, 9), photo: bytes(100) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fields: { name: 'Ada' }, sampleBytes: CAP, first: 9 });
    expect(seen[0]!.onDisk).toEqual({ sample: CAP, photo: 100 });
    expect(seen[0]!.form.files.sample!.bytes).toBe(CAP);
    expect(await leftOnDisk()).toEqual([]);
    expect(receiver.active).toBe(0);
  });

  it('answers 413 naming the limit for a file over its own cap, and keeps nothing', async () => {
    const cases: Array<Record<string, Blob>> = [
      { sample: bytes(CAP + 1) },
      { photo: bytes(CAP / 4 + 1) },
      { photo: bytes(CAP * 8) },
      ...Array.from({ length: 6 }, () => ({ sample: bytes(8 * 1024 * 1024) })),
    ];
    for (const parts of cases) {
      const response = await post('ada', parts);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /too large \(the limit is (64|16) KB\)/,
      );
    }
    expect(seen).toEqual([]);
    expect(await leftOnDisk()).toEqual([]);
    expect(receiver.active).toBe(0);
  });

  it('refuses a non-multipart body with a readable 400', async () => {
    const response = await fetch(`${base}/upload/ada`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/multipart/);
  });

  it('caps uploads per person (429) and in total (503), with Retry-After, and frees the places after', async () => {
    hold = gate();
    const held = [post('ada', { sample: bytes(10) }), post('ada', { sample: bytes(10) })];
    await expect.poll(() => receiver.active).toBe(2);
    const third = await post('ada', { sample: bytes(10) });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('10');
    expect(((await third.json()) as { message: string }).message).toMatch(/already have 2 uploads under way/);
    held.push(post('bob', { sample: bytes(10) }));
    await expect.poll(() => receiver.active).toBe(3);
    const busy = await post('cyd', { sample: bytes(10) });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('30');
    hold.open();
    expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200, 200]);
    expect(receiver.active).toBe(0);
    expect((await post('ada', { sample: bytes(10) })).status).toBe(200);
    expect(await leftOnDisk()).toEqual([]);
  });

  it('ends an upload that stops arriving (408), frees its place and removes what came', async () => {
    const boundary = 'stall';
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/upload/ada`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.write(
        `--${boundary}\r\ncontent-disposition: form-data; name="sample"; filename="a.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
      );
      request.write(Buffer.alloc(1000, 1));
      // …and nothing more.
    });
    expect(status).toBe(408);
    await expect.poll(() => receiver.active).toBe(0);
    expect(await leftOnDisk()).toEqual([]);
  });

  it('removes the folders of processes that no longer run, and keeps its own', async () => {
    const stale = path.join(root, 'uploads', '999999999-dead');
    await fs.mkdir(stale);
    await fs.writeFile(path.join(stale, 'half.upload'), 'x');
    const other = new UploadReceiver({
      perPerson: 1,
      total: 1,
      dir: path.join(root, 'uploads'),
      idleTimeoutMs: 1000,
    });
    await other.prepare();
    const left = await fs.readdir(path.join(root, 'uploads'));
    expect(left).not.toContain('999999999-dead');
    expect(left.length).toBe(2);
    await other.close();
    expect((await fs.readdir(path.join(root, 'uploads'))).length).toBe(1);
  });
});
