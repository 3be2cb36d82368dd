import { afterEach, describe, expect, it, vi } from 'vitest';
import { CpuPool, CpuPriority, CpuQueueFullError, CpuTaskTimeoutError } from './cpu-pool.ts';

const filename = new URL('./cpu-pool.test-worker.ts', import.meta.url).href;
// The pool is typed by the product's tasks; these tests drive a worker module of their own.
const run = (
  pool: CpuPool,
  task: string,
  input: object,
  options: { timeoutMs?: number; signal?: AbortSignal; first?: boolean | CpuPriority } = {},
) => pool.run(task as never, input as never, options) as Promise<unknown>;

describe('CpuPool', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => pool?.close());

  it(
    'ends a task past its wall-clock limit, replaces its thread and keeps serving',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename });
      const started = Date.now();
      const stuck = await run(pool, 'spin', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(stuck).toBeInstanceOf(CpuTaskTimeoutError);
      expect((stuck as Error).message).toMatch(/took too long to process/);
      expect(Date.now() - started).toBeLessThan(5000);
      // The only thread was the stuck one: an answer now proves it was replaced.
      expect(await run(pool, 'echo', { value: 42 })).toBe(42);
    },
  );

  it(
    'queued work behind a stuck task is served once the stuck one is ended',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename });
      const stuck = run(pool, 'spin', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
      const waiting = [run(pool, 'echo', { value: 1 }), run(pool, 'echo', { value: 2 })];
      expect(await Promise.all(waiting)).toEqual([1, 2]);
      expect(await stuck).toBeInstanceOf(CpuTaskTimeoutError);
    },
  );

  it(
    'counts a limit from the moment a task gets a thread, not while it waits',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename });
      // Each sleeps 1 s under a 1.6 s limit; the second waits 1 s first and must still pass. The
      // 0.6 s to spare cover a thread's start on a loaded machine (0.3 s did not, beside an eval).
      const results = await Promise.all([
        run(pool, 'sleep', { ms: 1000 }, { timeoutMs: 1600 }),
        run(pool, 'sleep', { ms: 1000 }, { timeoutMs: 1600 }),
      ]);
      expect(results).toEqual([1000, 1000]);
    },
  );

  it(
    'starts a task someone waits on at once on one extra thread, and ahead of the waiting ones beyond that',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename });
      const order: string[] = [];
      const track = (
        name: string,
        task: string,
        input: object,
        options: { first?: boolean | CpuPriority } = {},
      ) => run(pool!, task, input, options).then(() => order.push(name));
      const busy = track('busy', 'sleep', { ms: 1500 });
      const waiting = track('waiting', 'echo', { value: 1 });
      // The pool's only thread is busy: the asked-for task runs beside it, before the waiting one.
      const asked = track('asked', 'sleep', { ms: 300 }, { first: true });
      // Both threads taken: the next asked-for one waits, but ahead of the task queued before it.
      const askedToo = track('asked too', 'echo', { value: 2 }, { first: true });
      expect(pool.queued).toBe(2);
      await Promise.all([busy, waiting, asked, askedToo]);
      expect(order).toEqual(['asked', 'asked too', 'busy', 'waiting']);
      expect(pool.running).toBe(0);
    },
  );

  it('scales limits by the configured factor', { timeout: 20_000 }, async () => {
    pool = new CpuPool({ threads: 1, filename, timeLimitsMs: { sleep: 100 } });
    expect(await run(pool, 'sleep', { ms: 300 }).catch((e: unknown) => e)).toBeInstanceOf(
      CpuTaskTimeoutError,
    );
    await pool.close();
    pool = new CpuPool({ threads: 1, filename, timeLimitsMs: { sleep: 100 }, timeLimitFactor: 50 });
    expect(await run(pool, 'sleep', { ms: 300 })).toBe(300);
  });

  it('refuses new work with 503 and Retry-After once the queue is full', { timeout: 20_000 }, async () => {
    pool = new CpuPool({ threads: 1, maxQueued: 1, filename });
    const first = run(pool, 'sleep', { ms: 300 });
    const second = run(pool, 'sleep', { ms: 10 });
    const refused = await run(pool, 'echo', { value: 3 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CpuQueueFullError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 60 });
    expect(await Promise.all([first, second])).toEqual([300, 10]);
    expect(pool.queued).toBe(0);
    expect(pool.running).toBe(0);
  });

  it(
    'a cancelled caller leaves the queue without running, and is not reported as a timeout',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename, cancelGraceMs: 300 });
      const first = run(pool, 'sleep', { ms: 300 });
      const controller = new AbortController();
      const cancelled = run(pool, 'echo', { value: 4 }, { signal: controller.signal }).catch(
        (e: unknown) => e,
      );
      controller.abort(new Error('shutting down'));
      expect(await cancelled).toMatchObject({ message: 'shutting down' });
      expect(pool.queued).toBe(0);
      expect(await first).toBe(300);
      // A running task that never looks at its cancel flag: its thread is ended once the grace is over.
      const running = new AbortController();
      const stopped = run(pool, 'spin', {}, { signal: running.signal }).catch((e: unknown) => e);
      setTimeout(() => running.abort(new Error('job cancelled')), 200);
      const error = await stopped;
      expect(error).not.toBeInstanceOf(CpuTaskTimeoutError);
      expect(error).toMatchObject({ message: 'job cancelled' });
      expect(await run(pool, 'echo', { value: 5 })).toBe(5);
    },
  );

  it(
    'asks a cancelled running task to stop, and keeps its thread when it does',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename, cancelGraceMs: 10_000 });
      const seen = new Int32Array(new SharedArrayBuffer(8));
      const controller = new AbortController();
      const started = Date.now();
      const stopped = run(pool, 'until-cancelled', { seen }, { signal: controller.signal }).catch(
        (e: unknown) => e,
      );
      setTimeout(() => controller.abort(new Error('job cancelled')), 200);
      expect(await stopped).toMatchObject({ message: 'job cancelled' });
      // It stopped on its own (the thread was not ended), well before the grace was over.
      expect(Atomics.load(seen, 1)).toBe(1);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await run(pool, 'thread-id', {})).toBe(Atomics.load(seen, 0));
    },
  );

  it('closing asks running tasks to stop before it ends the threads', { timeout: 20_000 }, async () => {
    const closing = new CpuPool({ threads: 1, filename, cancelGraceMs: 10_000 });
    const seen = new Int32Array(new SharedArrayBuffer(8));
    const working = run(closing, 'until-cancelled', { seen }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(Atomics.load(seen, 0)).not.toBe(0));
    const started = Date.now();
    await closing.close();
    expect(Atomics.load(seen, 1)).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await working).toMatchObject({ name: 'AbortError' });
  });

  it(
    'tasks someone waits on run in the order they were asked for, and other work waits while any of them runs',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename });
      const order: string[] = [];
      const track = (name: string, ms: number, first = false) =>
        run(pool!, 'sleep', { ms }, { first }).then(() => order.push(name));
      // The background pass holds the pool's thread, with more of it queued.
      const busy = track('busy', 300);
      const background = track('background', 10);
      const asked = [track('asked 1', 1000, true), track('asked 2', 10, true), track('asked 3', 10, true)];
      // 'busy' ends first; its thread goes to the asked-for tasks in turn, not to the background's next task,
      // although 'asked 1' still runs on the extra thread.
      await Promise.all([busy, background, ...asked]);
      expect(order).toEqual(['busy', 'asked 2', 'asked 3', 'asked 1', 'background']);
    },
  );

  it(
    'a queued task raised because someone now waits on it moves ahead, starting at once on the extra thread',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 1, filename });
      const order: string[] = [];
      const busy = run(pool, 'sleep', { ms: 800 }).then(() => order.push('busy'));
      const other = run(pool, 'echo', { value: 1 }).then(() => order.push('other'));
      const priority = new CpuPriority();
      const raised = run(pool, 'sleep', { ms: 100 }, { first: priority }).then(() => order.push('raised'));
      expect(pool.queued).toBe(2);
      priority.raise();
      expect(pool.queued).toBe(1);
      expect(pool.running).toBe(2);
      await Promise.all([busy, other, raised]);
      expect(order).toEqual(['raised', 'busy', 'other']);
    },
  );

  it(
    'warming starts every thread a task may use, the extra one included, without taking a place',
    { timeout: 20_000 },
    async () => {
      pool = new CpuPool({ threads: 2, filename });
      expect(pool.threads).toBe(0);
      await pool.warm();
      expect(pool.threads).toBe(3);
      expect(pool.running).toBe(0);
      expect(await run(pool, 'echo', { value: 6 })).toBe(6);
    },
  );
});
