import { ESTIMATION_EXTRA_SECONDS } from '@bops/shared';

/** docs/PRODUCT.md#entities Countdown task, as held in session storage. */
export interface CountdownTask {
  taskId: string;
  /** Epoch ms when the creation was submitted. */
  startTimestamp: number;
  /** Milliseconds the countdown runs (the estimation shown, docs/PRODUCT.md#constants). */
  duration: number;
  /** The song being made, so a completion can point at it. */
  musicId?: string | null;
}

export const COUNTDOWN_STORAGE_KEY = 'bops.countdownTasks';

/** docs/PRODUCT.md#constants: a missing or unreadable server estimate counts as this many seconds. */
export const DEFAULT_ESTIMATION_SECONDS = 10;

/** docs/PRODUCT.md#constants: the estimation shown is the server's estimate (parsed, default 10) plus 2 seconds. */
export function shownEstimationSeconds(serverEstimation: unknown): number {
  const parsed =
    typeof serverEstimation === 'number'
      ? serverEstimation
      : Number.parseFloat(String(serverEstimation ?? ''));
  const base = Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_ESTIMATION_SECONDS;
  return base + ESTIMATION_EXTRA_SECONDS;
}

export function remainingMs(task: CountdownTask, now: number): number {
  return Math.max(0, task.startTimestamp + task.duration - now);
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isTask(value: unknown): value is CountdownTask {
  if (typeof value !== 'object' || value === null) return false;
  const task = value as Record<string, unknown>;
  return (
    typeof task.taskId === 'string' &&
    task.taskId !== '' &&
    typeof task.startTimestamp === 'number' &&
    Number.isFinite(task.startTimestamp) &&
    typeof task.duration === 'number' &&
    Number.isFinite(task.duration)
  );
}

/** Every stored task; anything unreadable is treated as no tasks rather than breaking the page. */
export function readTasks(storage: SessionLike): CountdownTask[] {
  try {
    const parsed = JSON.parse(storage.getItem(COUNTDOWN_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

function writeTasks(storage: SessionLike, tasks: CountdownTask[]): void {
  try {
    if (tasks.length === 0) storage.removeItem(COUNTDOWN_STORAGE_KEY);
    else storage.setItem(COUNTDOWN_STORAGE_KEY, JSON.stringify(tasks));
  } catch {
    // A full or blocked storage only costs the countdown across reloads.
  }
}

/** Adds a task, replacing one with the same id. */
export function saveTask(storage: SessionLike, task: CountdownTask): void {
  writeTasks(storage, [...readTasks(storage).filter(({ taskId }) => taskId !== task.taskId), task]);
}

/** Removes a task; says whether it was there, so a completion is counted once. */
export function removeTask(storage: SessionLike, taskId: string): boolean {
  const tasks = readTasks(storage);
  const kept = tasks.filter((task) => task.taskId !== taskId);
  if (kept.length === tasks.length) return false;
  writeTasks(storage, kept);
  return true;
}

export function clearTasks(storage: SessionLike): void {
  writeTasks(storage, []);
}

/** After a reload: tasks with time left resume, expired ones are dropped from storage (docs/PRODUCT.md#states). */
export function resumeTasks(
  storage: SessionLike,
  now: number,
): { active: CountdownTask[]; expired: CountdownTask[] } {
  const tasks = readTasks(storage);
  const active = tasks.filter((task) => remainingMs(task, now) > 0);
  const expired = tasks.filter((task) => remainingMs(task, now) <= 0);
  if (expired.length > 0) writeTasks(storage, active);
  return { active, expired };
}

export function findTask(storage: SessionLike, taskId: string): CountdownTask | undefined {
  return readTasks(storage).find((task) => task.taskId === taskId);
}
