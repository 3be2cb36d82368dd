import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationTasks } from '../db/schema.ts';
import { as, buildUser } from '../test/factories.ts';
import { waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('a render stopped at its wall-clock limit on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    // Every limit at a thousandth: the rap's 300 s become 300 ms, far less than any render takes.
    runtime = await startTestRuntime(kind, {
      env: { CPU_TASK_TIME_LIMIT_FACTOR: '0.001', DAILY_CREATION_LIMIT: '1' },
    });
  });
  afterAll(async () => runtime?.destroy());

  it(
    'fails its creation at once with a readable reason, gives the slot back, and the pool serves on',
    { timeout: 120_000 },
    async () => {
      const user = await buildUser(runtime.app!);
      const create = () =>
        runtime.app!.inject({
          method: 'POST',
          url: '/api/music/createMusic/v3',
          headers: as(user),
          payload: body,
        });
      const body = {
        creatorNickname: 'DJ Test',
        musicName: 'Too Slow',
        musicContext: 'We came to rock the city tonight\nEvery single beat is hitting just right',
        contactEmail: '',
        artist_id: 'mc-volt',
        voice_clone_id: '',
        vocal_artist_id: '',
        mixmusic_id: 'na',
        version: '1.0',
      };
      const response = await create();
      expect(response.statusCode).toBe(200);
      const { task_id: taskId } = response.json().data as { task_id: string };
      await waitFor(
        async () => (await runtime.services.creation.progress(user.id, taskId)).status === 'failed',
        60_000,
        'the creation to fail',
      );
      const [task] = await runtime.database.db
        .select()
        .from(creationTasks)
        .where(eq(creationTasks.id, taskId));
      expect(task!.error).toMatch(/took too long to process/);
      // One attempt, not three: a retry would only hang again.
      expect(task!.status).toBe('failed');
      // The daily limit of 1 is free again.
      expect((await create()).statusCode).toBe(200);
      // A fresh thread takes the next task and finishes it.
      expect(await runtime.cpu.run('warm-up', {}, { timeoutMs: 30_000 })).toBeNull();
    },
  );
});
