import { dailyAllowanceSchema } from '@bops/shared/api/creation';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationTasks } from '../db/schema.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

const rap = {
  creatorNickname: 'DJ Test',
  musicName: 'Allowance Anthem',
  musicContext: 'We came to rock the city tonight\nEvery single beat is hitting just right',
  contactEmail: '',
  artist_id: 'mc-volt',
  voice_clone_id: '',
  vocal_artist_id: '',
  mixmusic_id: 'na',
  version: '1.0',
};

describe.each(testDatabaseKinds)('the daily allowance on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { DAILY_CREATION_LIMIT: '2' }, start: { workers: false } });
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const allowance = async (user: TestUser) => {
    const response = await inject({ method: 'GET', url: '/api/music/daily_allowance', headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    return dailyAllowanceSchema.parse(response.json().data);
  };
  const create = (user: TestUser) =>
    inject({ method: 'POST', url: '/api/music/createMusic/v3', headers: as(user), payload: rap });

  it('needs a session', async () => {
    expect((await inject({ method: 'GET', url: '/api/music/daily_allowance' })).statusCode).toBe(401);
  });

  it('counts down as the limit counts, gives a failed creation back, and says when it starts again', async () => {
    const user = await buildUser(runtime.app!);
    const fresh = await allowance(user);
    expect(fresh).toMatchObject({ limit: 2, used: 0, left: 2 });
    const resets = new Date(fresh.resetsAt);
    expect(resets.toISOString().slice(11)).toBe('00:00:00.000Z');
    expect(resets.getTime() - Date.now()).toBeGreaterThan(0);
    expect(resets.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    expect((await create(user)).statusCode).toBe(200);
    expect(await allowance(user)).toMatchObject({ used: 1, left: 1 });
    expect((await create(user)).statusCode).toBe(200);
    expect(await allowance(user)).toMatchObject({ used: 2, left: 0 });
    // What the allowance says is what the limit does.
    expect((await create(user)).statusCode).toBe(429);

    const [first] = await runtime.database.db
      .select({ id: creationTasks.id })
      .from(creationTasks)
      .where(eq(creationTasks.userId, user.id));
    await runtime.database.db
      .update(creationTasks)
      .set({ status: 'failed' })
      .where(eq(creationTasks.id, first!.id));
    expect(await allowance(user)).toMatchObject({ used: 1, left: 1 });

    // Another person's creations are theirs alone.
    expect(await allowance(await buildUser(runtime.app!))).toMatchObject({ used: 0, left: 2 });
  });
});
