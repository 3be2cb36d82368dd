import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processCountLoaded } from '../store/creation.slice.ts';
import { createAppStore } from '../store/store.ts';
import { fakeServices } from '../test/test-app.tsx';
import {
  CountdownRunner,
  RECHECK_MS,
  type CountdownPort,
  type CountdownRunnerDeps,
  type CountdownWorkerMessage,
  type CountdownWorkerReply,
} from './countdown-runner.ts';
import { readTasks, saveTask } from './countdown-tasks.ts';

const origin = 'http://bops.test';

class FakePort implements CountdownPort {
  sent: CountdownWorkerMessage[] = [];
  terminated = false;
  onmessage: ((event: { data: CountdownWorkerReply }) => void) | null = null;
  postMessage(message: CountdownWorkerMessage) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: CountdownWorkerReply) {
    this.onmessage?.({ data });
  }
}

function setup(status: Awaited<ReturnType<CountdownRunnerDeps['checkStatus']>> = null) {
  const store = createAppStore(fakeServices().services);
  const dispatched: unknown[] = [];
  const dispatch = ((action: unknown) => {
    dispatched.push(action);
    return store.dispatch(action as Parameters<typeof store.dispatch>[0]);
  }) as typeof store.dispatch;
  const ports: FakePort[] = [];
  let now = 1_000_000;
  const events: unknown[] = [];
  const checkStatus = vi.fn(async () => status);
  const runner = new CountdownRunner({
    dispatch,
    storage: window.sessionStorage,
    createPort: () => {
      const port = new FakePort();
      ports.push(port);
      return port;
    },
    now: () => now,
    origin,
    checkStatus,
    raiseEvent: (detail) => events.push(detail),
  });
  const invalidated = () =>
    dispatched
      .filter((action) => (action as { type: string }).type === 'bopsApi/invalidateTags')
      .map((action) => (action as { payload: unknown[] }).payload);
  return {
    store,
    runner,
    ports,
    events,
    checkStatus,
    invalidated,
    advance: (ms: number) => (now += ms),
    now: () => now,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the countdown runner', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.sessionStorage.clear());

  it('starts a task: stores it, counts the process, asks for the count again and times it in the worker', () => {
    const { runner, store, ports, invalidated, now } = setup();
    runner.start({ taskId: 't1', startTimestamp: now(), duration: 12_000, musicId: 'm1' });
    expect(readTasks(window.sessionStorage)).toEqual([
      { taskId: 't1', startTimestamp: now(), duration: 12_000, musicId: 'm1' },
    ]);
    expect(store.getState().creation.processCount).toBe(1);
    expect(invalidated()).toEqual([['Processes']]);
    expect(ports[0]!.sent).toEqual([
      { taskId: 't1', time: 12_000, startTimestamp: now(), remainingTime: 12_000, origin },
    ]);
  });

  it('finishes a task the server says is done: removes it, raises completed, lowers the count, reloads playlists', async () => {
    const { runner, store, ports, events, invalidated, now, checkStatus } = setup({
      status: 'completed',
      musicId: 'm1',
    });
    runner.start({ taskId: 't1', startTimestamp: now(), duration: 12_000 });
    ports[0]!.reply({ type: 'completed', taskId: 't1', origin });
    await flush();
    expect(checkStatus).toHaveBeenCalledWith('t1');
    expect(readTasks(window.sessionStorage)).toEqual([]);
    expect(events).toEqual([{ taskId: 't1', musicId: 'm1' }]);
    expect(store.getState().creation.processCount).toBe(0);
    expect(store.getState().creation.playlistsStale).toBe(true);
    expect(invalidated()).toContainEqual(['Playlists', 'Processes']);
    // The worker then says it has nothing left; the runner lets it go.
    ports[0]!.reply({ type: 'empty', origin });
    expect(ports[0]!.terminated).toBe(true);
  });

  it('keeps waiting, a few seconds at a time, while the server is still at it', async () => {
    const { runner, store, ports, events, now } = setup({ status: 'running', musicId: 'm1' });
    runner.start({ taskId: 't1', startTimestamp: now(), duration: 12_000 });
    ports[0]!.reply({ type: 'completed', taskId: 't1', origin });
    ports[0]!.reply({ type: 'empty', origin });
    await flush();
    expect(ports[0]!.terminated).toBe(false);
    expect(ports[0]!.sent.at(-1)).toMatchObject({ taskId: 't1', remainingTime: RECHECK_MS });
    expect(readTasks(window.sessionStorage)).toHaveLength(1);
    expect(events).toEqual([]);
    expect(store.getState().creation.processCount).toBe(1);
  });

  it('counts a completion once, even when the progress view and the worker both report it', async () => {
    const { runner, store, ports, events, now } = setup({ status: 'completed', musicId: 'm1' });
    store.dispatch(processCountLoaded(2));
    runner.start({ taskId: 't1', startTimestamp: now(), duration: 12_000 });
    runner.finish('t1', 'm1');
    ports[0]!.reply({ type: 'completed', taskId: 't1', origin });
    await flush();
    runner.finish('t1', 'm1');
    expect(events).toHaveLength(1);
    expect(store.getState().creation.processCount).toBe(2);
  });

  it('never takes the count below 0', () => {
    const { runner, store, now } = setup();
    saveTask(window.sessionStorage, { taskId: 'old', startTimestamp: now(), duration: 5000 });
    runner.finish('old');
    expect(store.getState().creation.processCount).toBe(0);
  });

  it('after a reload resumes tasks with time left in the worker and drops expired ones', () => {
    const { runner, ports, invalidated, now } = setup();
    saveTask(window.sessionStorage, { taskId: 'gone', startTimestamp: now() - 60_000, duration: 12_000 });
    saveTask(window.sessionStorage, { taskId: 'left', startTimestamp: now() - 4000, duration: 12_000 });
    runner.resume();
    expect(readTasks(window.sessionStorage).map((task) => task.taskId)).toEqual(['left']);
    expect(ports[0]!.sent).toEqual([
      { taskId: 'left', time: 12_000, startTimestamp: now() - 4000, remainingTime: 8000, origin },
    ]);
    // What ran out while the page was away has probably finished.
    expect(invalidated()).toEqual([['Playlists', 'Processes']]);
  });

  it('ignores replies for another origin and resets everything on reset', async () => {
    const { runner, ports, checkStatus, now } = setup({ status: 'completed', musicId: null });
    runner.start({ taskId: 't1', startTimestamp: now(), duration: 12_000 });
    ports[0]!.reply({ type: 'completed', taskId: 't1', origin: 'http://elsewhere.test' });
    await flush();
    expect(checkStatus).not.toHaveBeenCalled();
    runner.reset();
    expect(readTasks(window.sessionStorage)).toEqual([]);
    expect(ports[0]!.sent.at(-1)).toEqual({
      taskId: null,
      time: 0,
      startTimestamp: 0,
      remainingTime: 0,
      origin,
    });
  });
});
