import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CpuPool } from './cpu-pool.ts';
import { type ProgressMessage, watchCancel } from './cpu-tasks.worker.ts';

const lyrics = [
  'I keep it moving every single day',
  'the city lights are calling out my name',
  'we never stop we never fade away',
  'and every beat is burning like a flame',
].join('\n');

describe('the cancel flag a task is given', () => {
  it('is seen at the next checkpoint inside synchronous work, with no turn of the event loop', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const controls = watchCancel(flag);
    try {
      const { signal } = controls;
      const aborted = new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      expect(signal.aborted).toBe(false);
      expect(() => signal.throwIfAborted()).not.toThrow();
      // The pool sets the flag from another thread; here, in the middle of a synchronous loop.
      let sawIt = false;
      for (let step = 0; step < 1000 && !sawIt; step++) {
        if (step === 500) Atomics.store(flag, 0, 1);
        sawIt = signal.aborted;
      }
      expect(sawIt).toBe(true);
      expect(() => signal.throwIfAborted()).toThrow(expect.objectContaining({ name: 'AbortError' }));
      expect(signal.reason).toMatchObject({ name: 'AbortError', message: 'The task was cancelled.' });
      // Listeners hear of it too, once the event loop turns.
      await expect(aborted).resolves.toBeDefined();
    } finally {
      controls.stop();
    }
  });

  it('sets the signal off once only, however often it is read', () => {
    const flag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const controls = watchCancel(flag);
    let heard = 0;
    controls.signal.addEventListener('abort', () => heard++);
    Atomics.store(flag, 0, 1);
    for (let read = 0; read < 5; read++) expect(controls.signal.aborted).toBe(true);
    controls.check();
    controls.stop();
    expect(heard).toBe(1);
  });
});

describe('the product tasks on worker threads', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => pool?.close());

  it(
    'a rap render cancelled while it runs stops at its next checkpoint, without waiting for its thread to be ended',
    { timeout: 120_000 },
    async () => {
      // A grace longer than the whole render: if the render did not stop by itself it would finish, not fail.
      pool = new CpuPool({ threads: 1, cancelGraceMs: 100_000 });
      const controller = new AbortController();
      const channel = new MessageChannel();
      const phases: string[] = [];
      channel.port1.on('message', (message: ProgressMessage) => {
        if (!phases.includes(message.phase)) phases.push(message.phase);
        if (message.phase === 'synthesizing-voice') controller.abort(new Error('the person cancelled'));
      });
      const outcome = await pool
        .run(
          'render-rap',
          {
            request: { lyrics, artistId: 'mc-volt', musicSelectionId: null, seed: 1 },
            progress: channel.port2,
          },
          { signal: controller.signal, transferList: [channel.port2] },
        )
        .then(
          () => 'finished',
          (error: unknown) => error,
        );
      channel.port1.close();
      expect(outcome).toMatchObject({ message: 'the person cancelled' });
      expect(phases).not.toContain('encoding');
      // The thread was kept: it answers the next task without starting afresh.
      expect(pool.threads).toBe(1);
    },
  );
});
