import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRapOverHttp,
  dataOf,
  freePort,
  signUpOverHttp,
  spawnBops,
  waitFor,
  waitForHealth,
  type SpawnedProcess,
} from './test/spawn-bops.ts';
import {
  createTestEnvironment,
  makeTempDir,
  testDatabaseKinds,
  type TestEnvironment,
} from './test/test-runtime.ts';

/**
 * At scale Bops runs as separate processes on PostgreSQL: `npm run api` answers requests and queues jobs,
 * `npm run worker` works them. Here both run as the README says, and a rap goes through them.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))('an API process and a worker process', () => {
  const running: SpawnedProcess[] = [];
  let environment: TestEnvironment | undefined;

  afterEach(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
    await environment?.cleanup();
  });

  it(
    'the API queues a rap, a worker process renders it, and the API streams it',
    { timeout: 240_000 },
    async () => {
      const port = freePort();
      const base = `http://localhost:${port}`;
      environment = await createTestEnvironment('postgres', { PUBLIC_URL: base, LOG_LEVEL: 'warn' });
      const api = spawnBops({ ...environment.env, PORT: String(port) }, 'api');
      running.push(api);
      await waitForHealth(port, 60_000);

      const headers = await signUpOverHttp(base, 'scale@example.test', 'Scale Test');
      const { musicId, status } = await createRapOverHttp(base, headers, {
        musicName: 'Two Processes',
        musicContext: 'One process takes the order\nAnother makes the sound',
      });
      // The API process works no jobs: without a worker the rap waits.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await status()).toBe('queued');

      const worker = spawnBops({ ...environment.env, PORT: String(freePort()) }, 'worker');
      running.push(worker);
      await waitFor(async () => (await status()) === 'completed', 180_000, 'the worker to render the rap');

      const music = await dataOf<{ src: string }>(
        fetch(`${base}/api/music/getMusic/${musicId}`, { headers }),
      );
      const audio = await fetch(`${base}${music.src}`, { headers });
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toContain('audio/mpeg');
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
    },
  );
});

/**
 * Scale, proven: two API processes and two workers on PostgreSQL with S3 storage. Creations sent through both
 * APIs complete once each, spread over both workers, while one worker is killed mid-render; every song streams
 * from either API.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))(
  'two APIs and two workers on PostgreSQL and S3',
  () => {
    const running: SpawnedProcess[] = [];
    let environment: TestEnvironment | undefined;
    let s3: { close(): Promise<void> } | undefined;

    afterEach(async () => {
      for (const process of running.splice(0)) {
        process.child.kill('SIGKILL');
        await process.exited;
      }
      await environment?.cleanup();
      await s3?.close();
    });

    it(
      '20 creations complete once each over both workers, one worker killed mid-render',
      { timeout: 480_000 },
      async () => {
        const bucketDir = await makeTempDir('bops-scale-s3-');
        const server = new S3rver({
          port: 0,
          address: '127.0.0.1',
          directory: bucketDir,
          silent: true,
          configureBuckets: [{ name: 'bops-scale', configs: [] }],
        });
        const { port: s3Port } = (await server.run()) as AddressInfo;
        s3 = {
          async close() {
            await server.close();
            await fs.rm(bucketDir, { recursive: true, force: true });
          },
        };
        const ports = [freePort(), freePort()];
        const bases = ports.map((port) => `http://localhost:${port}`);
        environment = await createTestEnvironment('postgres', {
          // Both APIs are one site to the browser: the first's address is the public one.
          PUBLIC_URL: bases[0]!,
          LOG_LEVEL: 'info',
          DAILY_CREATION_LIMIT: '50',
          S3_BUCKET: 'bops-scale',
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          JOB_CONCURRENCY: '1',
        });
        const env = environment.env;
        for (const port of ports) {
          running.push(spawnBops({ ...env, PORT: String(port) }, 'api'));
          await waitForHealth(port, 90_000);
        }
        const workers = [0, 1].map(() => spawnBops({ ...env, PORT: String(freePort()) }, 'worker'));
        running.push(...workers);

        const headers = await signUpOverHttp(bases[0]!, 'scale-many@example.test', 'Scale Many');
        // Same origin as far as the origin check goes: requests carry the public address.
        const submitted = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            dataOf<{ task_id: string; musicId: string }>(
              fetch(`${bases[i % 2]}/api/music/createMusic/v3`, {
                method: 'POST',
                headers,
                body: JSON.stringify({
                  musicName: `Spread ${i + 1}`,
                  musicContext: 'Two doors take the order\nTwo hands make the sound',
                  artist_id: 'mc-volt',
                  mixmusic_id: 'na',
                }),
              }),
            ),
          ),
        );
        const statusOf = async (taskId: string, base: string) =>
          (await dataOf<{ status: string }>(fetch(`${base}/api/music/creations/${taskId}`, { headers })))
            .status;

        // Kill the first worker as soon as it is rendering.
        const renderingLine =
          /"job":"render-rap".*"msg":"job started"|"msg":"job started".*"job":"render-rap"/;
        await waitFor(
          async () => renderingLine.test(workers[0]!.stdout()),
          120_000,
          'the first worker to render',
        );
        workers[0]!.child.kill('SIGKILL');
        await workers[0]!.exited;

        await waitFor(
          async () => {
            const statuses = await Promise.all(submitted.map((s, i) => statusOf(s.task_id, bases[i % 2]!)));
            return statuses.every((status) => status === 'completed');
          },
          400_000,
          'all 20 creations to complete',
        );
        const startedBy = workers.map((w) => (w.stdout().match(new RegExp(renderingLine, 'g')) ?? []).length);
        expect(startedBy[0]).toBeGreaterThan(0);
        expect(startedBy[1]).toBeGreaterThan(0);

        // Each song once in My Bops, and each streams from either API.
        const lists = await dataOf<Array<{ id: string; isDefault?: boolean; numMusics?: number }>>(
          fetch(`${bases[1]}/api/music/playlists`, { headers }),
        );
        const myBops = lists.find((list) => list.isDefault);
        const playlist = await dataOf<{ musics: Array<{ musicId: string }> }>(
          fetch(`${bases[0]}/api/music/playlist/${myBops!.id}`, { headers }),
        );
        const ids = playlist.musics.map((m) => m.musicId);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort()).toEqual(submitted.map((s) => s.musicId).sort());
        for (const [i, { musicId }] of submitted.entries()) {
          for (const base of [bases[i % 2]!, bases[(i + 1) % 2]!]) {
            const music = await dataOf<{ src: string }>(
              fetch(`${base}/api/music/getMusic/${musicId}`, { headers }),
            );
            const audio = await fetch(`${base}${music.src}`, { headers });
            expect(audio.status, `${musicId} from ${base}`).toBe(200);
            expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
          }
        }
      },
    );
  },
);
