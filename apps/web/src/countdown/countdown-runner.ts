import type { CreationStatus } from '@bops/shared/api/creation';
import { creationApi } from '../api/creation.api.ts';
import { creationCompleted, processCompleted, processStarted } from '../store/creation.slice.ts';
import type { AppDispatch } from '../store/store.ts';
import {
  clearTasks,
  readTasks,
  remainingMs,
  removeTask,
  resumeTasks,
  saveTask,
  type CountdownTask,
} from './countdown-tasks.ts';

export const COUNTDOWN_WORKER_URL = '/scripts/coundownWorker.js';

/** The window event a finished creation raises, for code that doesn't read the store. */
export const CREATION_COMPLETED_EVENT = 'bops:creation-completed';

/** What the worker is sent (see public/scripts/coundownWorker.js). */
export interface CountdownWorkerMessage {
  taskId: string | null;
  time: number;
  startTimestamp: number;
  remainingTime: number;
  origin: string;
}

export type CountdownWorkerReply =
  | { type: 'completed'; taskId: string; origin: string }
  | { type: 'empty'; origin: string }
  | { type: 'reset'; origin: string };

/** The part of a Worker the runner uses, so tests and worker-less browsers can stand in. */
export interface CountdownPort {
  postMessage(message: CountdownWorkerMessage): void;
  onmessage: ((event: { data: CountdownWorkerReply }) => void) | null;
  terminate(): void;
}

export interface CountdownRunnerDeps {
  dispatch: AppDispatch;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  createPort(): CountdownPort;
  now(): number;
  origin: string;
  /** Where the server says the task is; null when it can't be asked right now. */
  checkStatus(taskId: string): Promise<{ status: CreationStatus | 'missing'; musicId: string | null } | null>;
  raiseEvent(detail: { taskId: string; musicId: string | null }): void;
}

/** The estimate ran out but the server is still at it: look again this often. */
export const RECHECK_MS = 3000;

/**
 * Runs the countdown tasks of docs/PRODUCT.md#states: starts them, resumes them after a reload, and when one finishes removes it,
 * raises the completed event, lowers the process counter and reloads the user's playlists. The estimate only
 * paces the countdown: a task is finished when the server says so.
 */
export class CountdownRunner {
  readonly #deps: CountdownRunnerDeps;
  #port: CountdownPort | null = null;

  constructor(deps: CountdownRunnerDeps) {
    this.#deps = deps;
  }

  /** Picks up the tasks of this browser session; expired ones are dropped. */
  resume(): void {
    const { active, expired } = resumeTasks(this.#deps.storage, this.#deps.now());
    // A task that ran out while the page was gone has most likely finished: the playlists and count may be stale.
    if (expired.length > 0) this.#refresh();
    for (const task of active) this.#post(task);
  }

  start(task: CountdownTask): void {
    saveTask(this.#deps.storage, task);
    this.#deps.dispatch(processStarted());
    this.#deps.dispatch(creationApi.util.invalidateTags(['Processes']));
    this.#post(task);
  }

  /** The task is done (the server said so, or its countdown found it done). Safe to call more than once. */
  finish(taskId: string, musicId: string | null = null): void {
    if (removeTask(this.#deps.storage, taskId)) {
      this.#deps.dispatch(processCompleted());
      this.#deps.dispatch(creationCompleted({ taskId, musicId }));
      this.#deps.raiseEvent({ taskId, musicId });
    }
    this.#refresh();
  }

  /** docs/PRODUCT.md#states: a reset clears all tasks. */
  reset(): void {
    clearTasks(this.#deps.storage);
    this.#port?.postMessage({
      taskId: null,
      time: 0,
      startTimestamp: 0,
      remainingTime: 0,
      origin: this.#deps.origin,
    });
  }

  stop(): void {
    this.#port?.terminate();
    this.#port = null;
  }

  #refresh(): void {
    this.#deps.dispatch(creationApi.util.invalidateTags(['Playlists', 'Processes']));
  }

  #post(task: CountdownTask, remaining = remainingMs(task, this.#deps.now())): void {
    if (!this.#port) {
      this.#port = this.#deps.createPort();
      this.#port.onmessage = (event) => void this.#onReply(event.data);
    }
    this.#port.postMessage({
      taskId: task.taskId,
      time: task.duration,
      startTimestamp: task.startTimestamp,
      remainingTime: remaining,
      origin: this.#deps.origin,
    });
  }

  async #onReply(reply: CountdownWorkerReply): Promise<void> {
    if (reply.origin !== this.#deps.origin) return;
    if (reply.type === 'empty') {
      // Nothing left to time: let the worker go until the next creation.
      if (readTasks(this.#deps.storage).length === 0) this.stop();
      return;
    }
    if (reply.type !== 'completed') return;
    const task = readTasks(this.#deps.storage).find(({ taskId }) => taskId === reply.taskId);
    if (!task) return;
    const answer = await this.#deps.checkStatus(task.taskId);
    if (answer && answer.status !== 'queued' && answer.status !== 'running') {
      this.finish(task.taskId, answer.musicId ?? task.musicId ?? null);
    } else if (readTasks(this.#deps.storage).some(({ taskId }) => taskId === task.taskId)) {
      this.#post(task, RECHECK_MS);
    }
  }
}
