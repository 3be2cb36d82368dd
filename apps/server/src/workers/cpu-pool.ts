import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpError } from '../http/http-error.ts';
import type { CpuTaskName, CpuTasks } from './cpu-tasks.worker.ts';

/**
 * How long each CPU task may run once it has a thread (milliseconds, before `timeLimitFactor`). Generous
 * against the benchmarks (a 60 s rap renders in ≈ 3 s, a voice model builds in ≈ 3 s): a task past its
 * limit is stuck on its input, not slow, and its thread is replaced so the others keep being served.
 */
export const CPU_TASK_TIME_LIMITS_MS: Record<CpuTaskName, number> = {
  'render-rap': 300_000,
  'render-music-selection': 120_000,
  'render-artist-preview': 120_000,
  'check-voice-sample': 60_000,
  // Clean-up and model build together (each took well under 180 s when they were two tasks).
  'build-ai-singer': 300_000,
  // Decoding stops at ten minutes of audio, whatever the file claims.
  'check-song-file': 60_000,
  // A ten-minute song on a busy machine; a three-minute one takes well under a minute.
  'render-cover': 900_000,
  'warm-up': 30_000,
};

/** An unused worker thread ends after this long (milliseconds). */
export const CPU_THREAD_IDLE_MS = 30_000;

/**
 * A cancelled task has this long to stop at its next checkpoint (milliseconds) before its thread is ended. Ending a
 * thread in the middle of WebAssembly (the voices run on WASI, on threads of their own) is the one path that can take
 * the whole process down with it, so a cancelled task is asked to stop first and its thread is ended only if it does
 * not.
 */
export const CPU_CANCEL_GRACE_MS = 10_000;

/** A CPU task ran past its wall-clock limit; its worker thread was ended. The message is for people. */
export class CpuTaskTimeoutError extends Error {
  readonly task: string;
  readonly limitMs: number;
  constructor(task: string, limitMs: number) {
    super(
      `This audio took too long to process (more than ${Math.round(limitMs / 1000)} seconds) and was stopped. Please try a shorter or different file.`,
    );
    this.name = 'CpuTaskTimeoutError';
    this.task = task;
    this.limitMs = limitMs;
  }
}

/** Too many CPU tasks are already waiting: refused at once instead of queueing without bound. */
export class CpuQueueFullError extends HttpError {
  constructor() {
    super(503, 'Bops is busy making other songs right now. Please try again in a minute.', 60);
    this.name = 'CpuQueueFullError';
  }
}

export interface CpuPoolOptions {
  /** Worker threads; each runs one task at a time. */
  threads: number;
  /** Tasks that may wait for a thread before new ones are refused with `CpuQueueFullError`. */
  maxQueued?: number;
  /** Time limit by task, replacing `CPU_TASK_TIME_LIMITS_MS` entries. */
  timeLimitsMs?: Partial<Record<string, number>>;
  /** Multiplies every task's time limit (a slow machine raises it); not an explicit `timeoutMs`. */
  timeLimitFactor?: number;
  /** The worker module (tests load one with tasks of their own). */
  filename?: string;
  /** Told of every task that finished, with its running time (metrics). */
  onTaskFinished?: (task: string, seconds: number, result: unknown) => void;
  /** How long a cancelled task may take to stop before its thread is ended (default `CPU_CANCEL_GRACE_MS`). */
  cancelGraceMs?: number;
}

/**
 * What a worker thread is given with each task: a flag the pool sets (to 1) when the task is cancelled, shared so the
 * task sees it at once, even while it is busy and no message could reach it.
 */
export interface CpuTaskEnvelope {
  task: CpuTaskName;
  input: unknown;
  cancelled: Int32Array;
}

interface RunOptions {
  signal?: AbortSignal;
  transferList?: Array<ArrayBuffer | MessagePort>;
  /** This run's time limit, as is (not scaled by the pool's factor). */
  timeoutMs?: number;
  /**
   * Someone is waiting on this one (and it is short): it may run on one thread beyond the pool's size, and when even
   * that is taken it goes ahead of the tasks already waiting. A `CpuPriority` lets it be raised while it waits.
   */
  first?: boolean | CpuPriority;
}

/**
 * A task's place in line that can be raised while it waits: work queued for nobody in particular (the catalogue's
 * background pass) becomes a task someone waits on when a person asks for the same file.
 */
export class CpuPriority {
  #first: boolean;
  #onRaise: (() => void) | null = null;

  constructor(first = false) {
    this.#first = first;
  }

  get first(): boolean {
    return this.#first;
  }

  /** Someone now waits on this task: it moves ahead as if it had been asked for first. */
  raise(): void {
    if (this.#first) return;
    this.#first = true;
    this.#onRaise?.();
  }

  /** The pool listens while the task waits for a thread (null once it has one). */
  set onRaise(listener: (() => void) | null) {
    this.#onRaise = listener;
  }
}

/**
 * CPU-heavy work (audio rendering, analysis) runs on worker threads so the event loop that answers
 * HTTP requests never stalls behind it. Tasks wait here for a free thread, so a task's time limit counts
 * only its own running time, never the queue before it.
 */
export class CpuPool {
  readonly #pool: Piscina;
  readonly #threads: number;
  readonly #maxQueued: number;
  readonly #timeLimitFactor: number;
  readonly #timeLimitsMs: Partial<Record<string, number>>;
  readonly #waiting: Array<{ start: () => void; priority: CpuPriority }> = [];
  readonly #onTaskFinished: CpuPoolOptions['onTaskFinished'];
  readonly #cancelGraceMs: number;
  /** Each running task's cancel, and its end (settled either way). */
  readonly #active = new Map<Promise<unknown>, () => void>();
  #running = 0;

  constructor(options: CpuPoolOptions) {
    this.#threads = options.threads;
    this.#maxQueued = options.maxQueued ?? 100;
    this.#timeLimitFactor = options.timeLimitFactor ?? 1;
    this.#timeLimitsMs = { ...CPU_TASK_TIME_LIMITS_MS, ...options.timeLimitsMs };
    this.#onTaskFinished = options.onTaskFinished;
    this.#cancelGraceMs = options.cancelGraceMs ?? CPU_CANCEL_GRACE_MS;
    this.#pool = new Piscina({
      filename: options.filename ?? new URL('./cpu-tasks.worker.ts', import.meta.url).href,
      minThreads: 0,
      // One more for a task someone waits on (`first`), so it never waits for a long one to finish.
      maxThreads: options.threads + 1,
      idleTimeout: CPU_THREAD_IDLE_MS,
    });
  }

  /**
   * Starts every thread the pool may use (one beyond its size, for a task someone waits on) with the engine loaded,
   * so a task asked for soon does not also wait for a thread to start and load it (about 0.6 s of CPU each). Threads
   * still end after `CPU_THREAD_IDLE_MS` unused; warming again within that keeps them.
   */
  async warm(): Promise<void> {
    await Promise.all(
      Array.from({ length: this.#threads + 1 }, () =>
        this.#pool.run({ task: 'warm-up', input: {} }).catch(() => {}),
      ),
    );
  }

  async run<N extends CpuTaskName>(
    task: N,
    input: Parameters<CpuTasks[N]>[0],
    options: RunOptions = {},
  ): Promise<Awaited<ReturnType<CpuTasks[N]>>> {
    const priority =
      options.first instanceof CpuPriority ? options.first : new CpuPriority(options.first ?? false);
    await this.#acquire(options.signal, priority);
    const limitMs =
      options.timeoutMs ?? Math.round((this.#timeLimitsMs[task] ?? 60_000) * this.#timeLimitFactor);
    const deadline = AbortSignal.timeout(limitMs);
    // A cancelled caller asks the task to stop; its thread is ended only if it has not within the grace. A task past
    // its deadline is stuck on its input and would not see the request, so its thread is ended at once.
    const cancelled = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const endThread = new AbortController();
    let grace: NodeJS.Timeout | undefined;
    const cancel = () => {
      if (grace) return;
      Atomics.store(cancelled, 0, 1);
      grace = setTimeout(() => endThread.abort(options.signal?.reason), this.#cancelGraceMs);
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    if (options.signal?.aborted) cancel();
    const started = performance.now();
    const envelope: CpuTaskEnvelope = { task, input, cancelled };
    // Aborting a running task makes Piscina end its thread and start a fresh one.
    const running = this.#pool.run(envelope, {
      signal: AbortSignal.any([endThread.signal, deadline]),
      ...(options.transferList ? { transferList: options.transferList as never } : {}),
    }) as Promise<Awaited<ReturnType<CpuTasks[N]>>>;
    const settled = running.then(
      () => {},
      () => {},
    );
    this.#active.set(settled, cancel);
    try {
      const result = await running;
      this.#onTaskFinished?.(task, (performance.now() - started) / 1000, result);
      return result;
    } catch (error) {
      if (options.signal?.aborted)
        throw options.signal.reason instanceof Error ? options.signal.reason : error;
      if (deadline.aborted) throw new CpuTaskTimeoutError(task, limitMs);
      throw error;
    } finally {
      clearTimeout(grace);
      options.signal?.removeEventListener('abort', cancel);
      this.#active.delete(settled);
      this.#release();
    }
  }

  async #acquire(signal: AbortSignal | undefined, priority: CpuPriority): Promise<void> {
    signal?.throwIfAborted();
    if (this.#running < this.#limit(priority.first)) {
      this.#running++;
      return;
    }
    if (this.#waiting.length >= this.#maxQueued) throw new CpuQueueFullError();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        priority,
        start: () => {
          priority.onRaise = null;
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        priority.onRaise = null;
        const index = this.#waiting.indexOf(entry);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('The task was cancelled.'));
      };
      this.#enqueue(entry);
      // Raised while waiting: it moves behind the tasks already asked for, ahead of the rest, and may take the
      // extra thread at once if that is free.
      priority.onRaise = () => {
        this.#waiting.splice(this.#waiting.indexOf(entry), 1);
        this.#enqueue(entry);
        this.#startWaiting();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Tasks someone waits on go behind each other, in the order they were asked for, ahead of all others. */
  #enqueue(entry: { start: () => void; priority: CpuPriority }): void {
    if (!entry.priority.first) {
      this.#waiting.push(entry);
      return;
    }
    const firstOther = this.#waiting.findIndex((waiting) => !waiting.priority.first);
    this.#waiting.splice(firstOther < 0 ? this.#waiting.length : firstOther, 0, entry);
  }

  #release(): void {
    this.#running--;
    this.#startWaiting();
  }

  /** Starts waiting tasks in order while their limit allows. */
  #startWaiting(): void {
    for (let next = this.#waiting[0]; next && this.#running < this.#limit(next.priority.first);) {
      this.#waiting.shift();
      this.#running++;
      next.start();
      next = this.#waiting[0];
    }
  }

  /**
   * How many tasks may run at once when this one starts: the pool's threads, and one more for a task someone is
   * waiting on (a preview asked for), so it starts at once even while long work fills the pool.
   */
  #limit(first: boolean): number {
    return first ? this.#threads + 1 : this.#threads;
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.#waiting.length;
  }

  /** Tasks on a thread now. */
  get running(): number {
    return this.#running;
  }

  get threads(): number {
    return this.#pool.threads.length;
  }

  /** Asks every running task to stop, gives them the cancel grace to do so, then ends every thread. */
  async close(): Promise<void> {
    const ends = [...this.#active.keys()];
    for (const cancel of this.#active.values()) cancel();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(ends),
      new Promise((resolve) => (timer = setTimeout(resolve, this.#cancelGraceMs))),
    ]);
    clearTimeout(timer);
    await this.#pool.close({ force: true });
  }
}
