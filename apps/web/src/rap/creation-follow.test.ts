import { describe, expect, it, vi } from 'vitest';
import type { CreationProgress } from '@bops/shared/api/creation';
import { followCreation, type EventSourceLike, type FollowDeps } from './creation-follow.ts';

const report = (patch: Partial<CreationProgress>): CreationProgress => ({
  taskId: 't1',
  musicId: 'm1',
  status: 'running',
  phase: 'synthesizing-voice',
  progress: 0.2,
  estimation: 10,
  error: null,
  ...patch,
});

class FakeEventSource implements EventSourceLike {
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

function deps(options: { sse: boolean; answers?: CreationProgress[] }) {
  const sources: FakeEventSource[] = [];
  const intervals: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const answers = [...(options.answers ?? [])];
  const fetchProgress = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no answer');
    return next;
  });
  const followDeps: FollowDeps = {
    openEvents: (url) => {
      if (!options.sse) return null;
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    fetchProgress,
    setInterval: (callback, ms) => {
      const handle = { callback, ms, cleared: false };
      intervals.push(handle);
      return handle;
    },
    clearInterval: (handle) => void ((handle as { cleared: boolean }).cleared = true),
  };
  return { followDeps, sources, intervals, fetchProgress };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('following a creation', () => {
  it('listens to the progress events of the task and stops at completion', () => {
    const { followDeps, sources, fetchProgress } = deps({ sse: true });
    const seen: CreationProgress[] = [];
    followCreation('t1', { onReport: (next) => seen.push(next) }, followDeps);
    expect(sources[0]!.url).toBe('/api/music/creations/t1/events');
    sources[0]!.emit('progress', report({ phase: 'placing-on-beat', progress: 0.4 }));
    sources[0]!.emit('progress', report({ status: 'completed', phase: 'completed', progress: 1 }));
    expect(seen.map((next) => next.status)).toEqual(['running', 'completed']);
    expect(sources[0]!.closed).toBe(true);
    // A late event after the end changes nothing.
    sources[0]!.emit('progress', report({ status: 'running' }));
    expect(seen).toHaveLength(2);
    expect(fetchProgress).not.toHaveBeenCalled();
  });

  it('falls back to asking every 2 s when the stream fails, until the task is over', async () => {
    const { followDeps, sources, intervals, fetchProgress } = deps({
      sse: true,
      answers: [report({ progress: 0.5 }), report({ status: 'failed', error: 'no voice' })],
    });
    const seen: CreationProgress[] = [];
    followCreation('t1', { onReport: (next) => seen.push(next) }, followDeps);
    sources[0]!.onerror?.(new Event('error'));
    expect(sources[0]!.closed).toBe(true);
    expect(intervals).toHaveLength(1);
    expect(intervals[0]!.ms).toBe(2000);
    await flush();
    expect(seen.map((next) => next.progress)).toEqual([0.5]);
    intervals[0]!.callback();
    await flush();
    expect(seen.map((next) => next.status)).toEqual(['running', 'failed']);
    expect(intervals[0]!.cleared).toBe(true);
    expect(fetchProgress).toHaveBeenCalledTimes(2);
    // A second stream error does not start a second poll.
    sources[0]!.onerror?.(new Event('error'));
    expect(intervals).toHaveLength(1);
  });

  it('polls from the start where there is no EventSource, and stops when asked', async () => {
    const { followDeps, intervals } = deps({ sse: false, answers: [report({})] });
    const onError = vi.fn();
    const stop = followCreation('t1', { onReport: () => undefined, onError }, followDeps);
    await flush();
    expect(intervals).toHaveLength(1);
    intervals[0]!.callback();
    await flush();
    expect(onError).toHaveBeenCalledTimes(1);
    stop();
    expect(intervals[0]!.cleared).toBe(true);
  });
});
