import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

/**
 * An unexpected failure under a real route: the playlists table disappears from under the API (as
 * when a database is restored wrong or migrated by hand), so the route's query throws the
 * database's own error, naming the table.
 */
describe.each(testDatabaseKinds)('an unexpected error on %s', (kind) => {
  let runtime: TestRuntime;
  let tableMoved = false;

  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });

  afterEach(async () => {
    if (tableMoved) await runtime.database.db.execute(sql`alter table playlists_moved rename to playlists`);
    tableMoved = false;
  });

  afterAll(async () => runtime?.destroy());

  it('answers 500 in the JSON envelope with a message a person can read, and nothing internal', async () => {
    const user = await buildUser(runtime.app!);
    await runtime.database.db.execute(sql`alter table playlists rename to playlists_moved`);
    tableMoved = true;
    // What the database says now names the table: exactly what must not reach the answer.
    await expect(runtime.database.db.execute(sql`select id from playlists`)).rejects.toThrow(/playlists/);

    const response = await runtime.app!.inject({
      method: 'GET',
      url: '/api/music/playlists',
      headers: as(user),
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong. Please try again.',
    });
    expect(response.body).not.toMatch(/playlists|relation|does not exist|sql|select/i);
    expect(response.body).not.toMatch(/\bat .*\.(?:ts|js|mjs):\d+/);
    expect(response.body).not.toMatch(/stack/i);
  });

  it('answers normally again once the database is whole (the failure was the table, not the app)', async () => {
    const user = await buildUser(runtime.app!);
    const response = await runtime.app!.inject({
      method: 'GET',
      url: '/api/music/playlists',
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusCode: 200, data: expect.anything() });
  });
});
