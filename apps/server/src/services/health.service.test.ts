import { afterEach, describe, expect, it, vi } from 'vitest';
import { newTestService } from '../test/test-service.ts';
import { HealthService } from './health.service.ts';

const newHealth = (smtpUrl: string | null = null) =>
  newTestService(HealthService, ({ database, storage, queue }) => ({
    database: { pingDatabase: () => database.run() },
    storage: { stat: async () => (await storage.run(), null) },
    queue: { depth: async () => (await queue.run(), []) },
    config: { role: 'all' as const, storage: { kind: 'local' as const }, mail: { smtpUrl } },
    databaseKind: 'pglite' as const,
    ytDlpAvailable: () => false,
  }));

describe('HealthService', () => {
  afterEach(() => vi.useRealTimers());

  it('is ok when the database, storage and queue each answer, and names the optional tools', async () => {
    const { sut, fakes } = newHealth('smtp://mail.example.test');
    expect(await sut.check()).toMatchObject({
      status: 'ok',
      database: 'pglite',
      storage: 'local',
      role: 'all',
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
      tools: { ytDlp: 'missing', mail: 'smtp' },
    });
    expect([fakes.database.calls, fakes.storage.calls, fakes.queue.calls]).toEqual([1, 1, 1]);
  });

  it.each(['database', 'storage', 'queue'] as const)('names the %s when it fails', async (part) => {
    const { sut, fakes } = newHealth();
    fakes[part].state = 'failing';
    const health = await sut.check();
    expect(health.status).toBe('failing');
    expect(health.checks).toEqual({ database: 'ok', storage: 'ok', queue: 'ok', [part]: 'failing' });
    expect(health.tools.mail).toBe('outbox');
  });

  it('counts a part that does not answer within 2 seconds as failing, without waiting for it', async () => {
    // Only the check's own clock is faked; setImmediate stays real to let every pending promise settle.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settledYet = () => new Promise<boolean>((resolve) => setImmediate(() => resolve(settled)));
    const { sut, fakes } = newHealth();
    fakes.database.state = 'silent';
    let settled = false;
    const checking = sut.check().finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settledYet()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledYet()).toBe(true);
    expect((await checking).checks).toEqual({ database: 'failing', storage: 'ok', queue: 'ok' });
  });
});
