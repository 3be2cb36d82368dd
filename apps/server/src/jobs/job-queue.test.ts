import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnScript, waitFor } from '../test/spawn-bops.ts';
import {
  createTestEnvironment,
  startTestRuntime,
  testDatabaseKinds,
  type TestRuntime,
} from '../test/test-runtime.ts';
import { assertEveryJobTypeHandled, jobIdForKey } from './job-queue.ts';
import { jobNames } from './job-types.ts';

describe('job ids from keys', () => {
  it('are stable UUIDs, distinct per job type and key', () => {
    const id = jobIdForKey('render-rap', 'task-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdForKey('render-rap', 'task-1')).toBe(id);
    expect(jobIdForKey('render-rap', 'task-2')).not.toBe(id);
    expect(jobIdForKey('other', 'task-1')).not.toBe(id);
  });
});

describe('start-up check of handlers', () => {
  it('refuses when a job type has no handler', () => {
    expect(() => assertEveryJobTypeHandled(['a', 'b'], { a: async () => {} })).toThrow(
      'No handler registered for job type(s): b',
    );
  });

  it('refuses to start Bops with a handler missing', async () => {
    await expect(startTestRuntime('pglite', { start: { handlers: {} } })).rejects.toThrow(
      `No handler registered for job type(s): ${jobNames.join(', ')}`,
    );
  });
});

describe.each(testDatabaseKinds)('job queue on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());

  it('runs a job through its handler and deduplicates by key', async () => {
    await runtime.storage.put('trash/one.txt', Buffer.from('1'), 'text/plain');
    await runtime.storage.put('trash/two.txt', Buffer.from('2'), 'text/plain');
    const id = await runtime.queue.send(
      'delete-files',
      { keys: ['trash/one.txt', 'trash/two.txt'] },
      { key: 'trash' },
    );
    expect(id).toBe(jobIdForKey('delete-files', 'trash'));
    expect(
      await runtime.queue.send('delete-files', { keys: ['trash/one.txt'] }, { key: 'trash' }),
    ).toBeNull();
    await waitFor(
      async () => (await runtime.queue.getJob('delete-files', id!))?.state === 'completed',
      20_000,
      'job',
    );
    expect(await runtime.storage.list('trash/')).toEqual([]);
  });

  it('refuses a payload that does not match the job type', async () => {
    await expect(runtime.queue.send('delete-files', { keys: [] })).rejects.toThrow();
  });
});

const fixture = fileURLToPath(new URL('../test/fixtures/job-kill.fixture.ts', import.meta.url));

describe.each(testDatabaseKinds)('a worker SIGKILLed in the middle of a job (%s)', (kind) => {
  it('is retried after restart and completes exactly once', { timeout: 120_000 }, async () => {
    const environment = await createTestEnvironment(kind);
    try {
      const first = spawnScript(fixture, [], { ...environment.env, MODE: 'hang' });
      await waitFor(
        async () => {
          if (first.child.exitCode !== null) throw new Error(`the worker exited early: ${first.stderr()}`);
          return first.stdout().includes('STARTED');
        },
        60_000,
        'the job to start',
      );
      first.child.kill('SIGKILL');
      await first.exited;

      const second = spawnScript(fixture, [], { ...environment.env, MODE: 'finish' });
      const { code } = await second.exited;
      expect(second.stderr()).toBe('');
      expect(code).toBe(0);
      const result = JSON.parse(second.stdout().trim()) as {
        duplicateSend: string | null;
        runs: Array<{ job_id: string; attempt: number; phase: string }>;
      };
      expect(result.duplicateSend).toBeNull();
      const jobIds = new Set(result.runs.map((run) => run.job_id));
      expect(jobIds.size).toBe(1);
      expect(result.runs.filter((run) => run.phase === 'finished')).toHaveLength(1);
      expect(result.runs.map((run) => `${run.attempt}:${run.phase}`)).toEqual([
        '0:started',
        '1:started',
        '1:finished',
      ]);
    } finally {
      await environment.cleanup();
    }
  });
});
