import { listArtists } from '@bops/engine/catalog';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { users } from './db/schema.ts';
import {
  freePort,
  signUpOverHttp,
  spawnBops,
  waitForHealth,
  type SpawnedProcess,
} from './test/spawn-bops.ts';
import { createTestEnvironment, type TestEnvironment } from './test/test-runtime.ts';

describe('the Bops process', () => {
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
    'refuses a second process on the same data directory; the first keeps working and loses nothing',
    { timeout: 180_000 },
    async () => {
      const firstPort = freePort();
      const base = `http://localhost:${firstPort}`;
      environment = await createTestEnvironment('pglite', { PUBLIC_URL: base });
      const first = spawnBops({ ...environment.env, PORT: String(firstPort) });
      running.push(first);
      await waitForHealth(firstPort);

      // Something written through the API before the second start.
      const headers = await signUpOverHttp(base, 'first@example.test', 'First');
      const created = await fetch(`${base}/api/music/playlist`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ playlistName: 'Written before the second start', private: true }),
      });
      expect(created.status).toBe(200);
      const { id } = ((await created.json()) as { data: { id: string } }).data;

      const second = spawnBops({ ...environment.env, PORT: String(freePort()) });
      running.push(second);
      const { code } = await second.exited;
      expect(code).toBe(1);
      const lines = second.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/is in use by another Bops process \(pid \d+\)/);

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      // Nothing is lost: the first process still has the session and the playlist, and still writes.
      const readBack = await fetch(`${base}/api/music/playlist/${id}`, { headers });
      expect(readBack.status).toBe(200);
      expect(((await readBack.json()) as { data: { title: string } }).data.title).toBe(
        'Written before the second start',
      );
      const renamed = await fetch(`${base}/api/music/playlist/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title: 'Written after the second start' }),
      });
      expect(renamed.status).toBe(200);
    },
  );

  it('stops cleanly on SIGTERM and keeps its data across a restart', { timeout: 180_000 }, async () => {
    environment = await createTestEnvironment('pglite');
    const port = freePort();
    const first = spawnBops({ ...environment.env, PORT: String(port) });
    running.push(first);
    await waitForHealth(port);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    // Write while no process runs, then make sure a restarted Bops neither loses nor rewrites it.
    const config = loadConfig(environment.env);
    let database = await openDatabase(config.database);
    await database.db
      .insert(users)
      .values({ id: 'u-restart', email: 'keep@example.test', displayName: 'Keeper' });
    await database.close();

    const second = spawnBops({ ...environment.env, PORT: String(port) });
    running.push(second);
    await waitForHealth(port);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    database = await openDatabase(config.database);
    const rows = await database.db.select().from(users).where(eq(users.id, 'u-restart'));
    await database.close();
    expect(rows.map((row) => row.displayName)).toEqual(['Keeper']);
  });

  it(
    'opens its log with the address it answers at, as JSON off a terminal or readable lines when asked, and no runtime warning',
    { timeout: 180_000 },
    async () => {
      environment = await createTestEnvironment('pglite');
      const artist = listArtists()[0]!.id;
      for (const pretty of ['false', 'true']) {
        const port = freePort();
        const base = `http://localhost:${port}`;
        const bops = spawnBops({
          ...environment.env,
          PORT: String(port),
          PUBLIC_URL: base,
          LOG_LEVEL: 'info',
          LOG_PRETTY: pretty,
        });
        running.push(bops);
        await waitForHealth(port);
        // An artist preview is rendered for this request by the engine's voices, which run on WASI (Node calls
        // it experimental on every start, in each worker thread): no such warning may reach the operator.
        const preview = await fetch(`${base}/audio/artists/${artist}.mp3`);
        expect(preview.status).toBe(200);
        await preview.arrayBuffer();
        bops.child.kill('SIGTERM');
        expect((await bops.exited).code).toBe(0);
        const lines = bops.stdout().trim().split('\n');
        expect(bops.stderr()).toBe('');
        if (pretty === 'true') {
          expect(lines[0]).toMatch(new RegExp(`^\\[[\\d:]+\\] INFO: Bops is running at ${base} `));
          expect(bops.stdout()).not.toMatch(/^\{/m);
        } else {
          const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
          expect(entries[0]!.msg).toBe(`Bops is running at ${base}`);
          expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
        }
      }
    },
  );

  it('exits with one line naming a wrong configuration variable', async () => {
    const process = spawnBops({ PORT: 'not-a-port' });
    running.push(process);
    const { code } = await process.exited;
    expect(code).toBe(1);
    expect(process.stderr().trim()).toBe(
      'Invalid configuration: PORT expected a whole number between 1 and 65535 (got "not-a-port")',
    );
  });
});
