import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The very file the browser loads at /scripts/coundownWorker.js.
import workerSource from '../../public/scripts/coundownWorker.js?raw';

interface FakeScope {
  postMessage: ReturnType<typeof vi.fn>;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Runs the worker script as a dedicated worker would, against a scope we can talk to. */
function startWorker(): { scope: FakeScope; send(data: unknown): void; replies(): unknown[] } {
  const scope: FakeScope = { postMessage: vi.fn(), onmessage: null };
  const importScripts = () => undefined;
  // Evaluating the shipped file itself, so the test covers what browsers run.
  new Function('self', 'importScripts', workerSource)(scope, importScripts);
  return {
    scope,
    send: (data) => scope.onmessage?.({ data }),
    replies: () => scope.postMessage.mock.calls.map(([message]) => message as unknown),
  };
}

const origin = 'http://localhost:8181';

describe('the countdown worker script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(100_000);
  });
  afterEach(() => vi.useRealTimers());

  it('wires itself up only inside a worker', () => {
    const scope: FakeScope = { postMessage: vi.fn(), onmessage: null };
    new Function('self', 'importScripts', workerSource)(scope, undefined);
    expect(scope.onmessage).toBeNull();
    expect(startWorker().scope.onmessage).toBeTypeOf('function');
  });

  it('replies completed when the time runs out, then empty when nothing is left', () => {
    const worker = startWorker();
    worker.send({ taskId: 't1', time: 12_000, startTimestamp: 100_000, remainingTime: 12_000, origin });
    vi.advanceTimersByTime(11_999);
    expect(worker.replies()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(worker.replies()).toEqual([
      { type: 'completed', taskId: 't1', origin },
      { type: 'empty', origin },
    ]);
  });

  it('times several tasks and says empty only after the last', () => {
    const worker = startWorker();
    worker.send({ taskId: 'a', time: 5000, startTimestamp: 100_000, remainingTime: 5000, origin });
    worker.send({ taskId: 'b', time: 9000, startTimestamp: 100_000, remainingTime: 9000, origin });
    vi.advanceTimersByTime(5000);
    expect(worker.replies()).toEqual([{ type: 'completed', taskId: 'a', origin }]);
    vi.advanceTimersByTime(4000);
    expect(worker.replies()).toEqual([
      { type: 'completed', taskId: 'a', origin },
      { type: 'completed', taskId: 'b', origin },
      { type: 'empty', origin },
    ]);
  });

  it('completes at once a task with no time left, and restarts the timer of a task sent again', () => {
    const worker = startWorker();
    worker.send({ taskId: 'late', time: 12_000, startTimestamp: 0, remainingTime: 0, origin });
    expect(worker.replies()).toEqual([
      { type: 'completed', taskId: 'late', origin },
      { type: 'empty', origin },
    ]);
    worker.scope.postMessage.mockClear();
    worker.send({ taskId: 'again', time: 10_000, startTimestamp: 100_000, remainingTime: 2000, origin });
    vi.advanceTimersByTime(1500);
    worker.send({ taskId: 'again', time: 10_000, startTimestamp: 100_000, remainingTime: 3000, origin });
    vi.advanceTimersByTime(2000);
    expect(worker.replies()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(worker.replies()).toEqual([
      { type: 'completed', taskId: 'again', origin },
      { type: 'empty', origin },
    ]);
  });

  it('works the time left out from the start and length when remainingTime is missing', () => {
    const worker = startWorker();
    worker.send({ taskId: 't', time: 12_000, startTimestamp: 95_000, origin });
    vi.advanceTimersByTime(6999);
    expect(worker.replies()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(worker.replies()[0]).toEqual({ type: 'completed', taskId: 't', origin });
  });

  it('resets: drops every timer and replies reset', () => {
    const worker = startWorker();
    worker.send({ taskId: 'a', time: 5000, startTimestamp: 100_000, remainingTime: 5000, origin });
    worker.send({ taskId: null, time: 0, startTimestamp: 0, remainingTime: 0, origin });
    expect(worker.replies()).toEqual([{ type: 'reset', origin }]);
    vi.advanceTimersByTime(60_000);
    expect(worker.replies()).toEqual([{ type: 'reset', origin }]);
  });
});
