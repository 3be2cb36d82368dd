import { beforeEach, describe, expect, it } from 'vitest';
import {
  COUNTDOWN_STORAGE_KEY,
  clearTasks,
  findTask,
  readTasks,
  remainingMs,
  removeTask,
  resumeTasks,
  saveTask,
  shownEstimationSeconds,
} from './countdown-tasks.ts';

const storage = window.sessionStorage;

describe('the estimation shown', () => {
  it("is the server's estimate plus 2 seconds, 10 + 2 when it is missing or unreadable", () => {
    expect(shownEstimationSeconds(13)).toBe(15);
    expect(shownEstimationSeconds('20')).toBe(22);
    expect(shownEstimationSeconds('7.5')).toBe(9.5);
    expect(shownEstimationSeconds(undefined)).toBe(12);
    expect(shownEstimationSeconds('soon')).toBe(12);
    expect(shownEstimationSeconds(-4)).toBe(12);
    expect(shownEstimationSeconds(0)).toBe(2);
  });
});

describe('countdown tasks in session storage', () => {
  beforeEach(() => storage.clear());

  it('keeps taskId, startTimestamp and duration', () => {
    saveTask(storage, { taskId: 't1', startTimestamp: 1000, duration: 12_000, musicId: 'm1' });
    expect(JSON.parse(storage.getItem(COUNTDOWN_STORAGE_KEY)!)).toEqual([
      { taskId: 't1', startTimestamp: 1000, duration: 12_000, musicId: 'm1' },
    ]);
    saveTask(storage, { taskId: 't1', startTimestamp: 2000, duration: 5000 });
    expect(readTasks(storage)).toEqual([{ taskId: 't1', startTimestamp: 2000, duration: 5000 }]);
    expect(findTask(storage, 't1')?.startTimestamp).toBe(2000);
  });

  it('counts the time left down from the start', () => {
    const task = { taskId: 't', startTimestamp: 10_000, duration: 12_000 };
    expect(remainingMs(task, 10_000)).toBe(12_000);
    expect(remainingMs(task, 17_000)).toBe(5000);
    expect(remainingMs(task, 40_000)).toBe(0);
  });

  it('after a reload resumes tasks with time left and drops expired ones', () => {
    saveTask(storage, { taskId: 'done', startTimestamp: 0, duration: 12_000 });
    saveTask(storage, { taskId: 'running', startTimestamp: 10_000, duration: 12_000 });
    const { active, expired } = resumeTasks(storage, 15_000);
    expect(active.map((task) => task.taskId)).toEqual(['running']);
    expect(expired.map((task) => task.taskId)).toEqual(['done']);
    expect(readTasks(storage).map((task) => task.taskId)).toEqual(['running']);
    expect(resumeTasks(storage, 30_000).expired.map((task) => task.taskId)).toEqual(['running']);
    expect(storage.getItem(COUNTDOWN_STORAGE_KEY)).toBeNull();
  });

  it('removes a task once, saying whether it was there', () => {
    saveTask(storage, { taskId: 'a', startTimestamp: 0, duration: 1 });
    saveTask(storage, { taskId: 'b', startTimestamp: 0, duration: 1 });
    expect(removeTask(storage, 'a')).toBe(true);
    expect(removeTask(storage, 'a')).toBe(false);
    expect(readTasks(storage).map((task) => task.taskId)).toEqual(['b']);
    clearTasks(storage);
    expect(readTasks(storage)).toEqual([]);
  });

  it('treats unreadable storage as no tasks and skips malformed entries', () => {
    storage.setItem(COUNTDOWN_STORAGE_KEY, '{not json');
    expect(readTasks(storage)).toEqual([]);
    storage.setItem(
      COUNTDOWN_STORAGE_KEY,
      JSON.stringify([
        { taskId: 'ok', startTimestamp: 1, duration: 2 },
        { taskId: '' },
        null,
        { taskId: 'x', duration: 'long' },
      ]),
    );
    expect(readTasks(storage).map((task) => task.taskId)).toEqual(['ok']);
  });
});
