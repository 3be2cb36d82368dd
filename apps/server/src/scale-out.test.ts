import { afterEach, describe, expect, it } from 'vitest';
import {
  dataOf,
  freePort,
  signUpOverHttp,
  spawnBops,
  waitFor,
  waitForHealth,
  type SpawnedProcess,
} from './test/spawn-bops.ts';
import { createTestEnvironment, testDatabaseKinds, type TestEnvironment } from './test/test-runtime.ts';

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
      const { task_id: taskId, musicId } = await dataOf<{ task_id: string; musicId: string }>(
        fetch(`${base}/api/music/createMusic/v3`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            musicName: 'Two Processes',
            musicContext: 'One process takes the order\nAnother makes the sound',
            artist_id: 'mc-volt',
            mixmusic_id: 'na',
          }),
        }),
      );
      const status = async () =>
        (await dataOf<{ status: string }>(fetch(`${base}/api/music/creations/${taskId}`, { headers })))
          .status;
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
