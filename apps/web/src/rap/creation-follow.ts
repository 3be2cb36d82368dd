import type { CreationProgress } from '@bops/shared/api/creation';

/** When the event stream fails, the task's state is asked for this often (docs/PRODUCT.md#constants). */
const POLL_INTERVAL_MS = 2000;

export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface FollowDeps {
  openEvents(url: string): EventSourceLike | null;
  fetchProgress(taskId: string): Promise<CreationProgress>;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export function isFinished(report: Pick<CreationProgress, 'status'>): boolean {
  return report.status === 'completed' || report.status === 'failed';
}

export function creationEventsUrl(taskId: string): string {
  return `/api/music/creations/${encodeURIComponent(taskId)}/events`;
}

/**
 * Follows a creation until it completes or fails: server-sent `progress` events first, polling every 2 s when the
 * stream can't be opened or breaks. Returns a function that stops following.
 */
export function followCreation(
  taskId: string,
  handlers: { onReport(report: CreationProgress): void; onError?(error: unknown): void },
  deps: FollowDeps,
): () => void {
  let stopped = false;
  let source: EventSourceLike | null = null;
  let poll: unknown = null;
  let inFlight = false;

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
    if (poll !== null) deps.clearInterval(poll);
    poll = null;
  };

  const report = (progress: CreationProgress) => {
    if (stopped) return;
    handlers.onReport(progress);
    if (isFinished(progress)) stop();
  };

  const ask = async () => {
    if (inFlight || stopped) return;
    inFlight = true;
    try {
      report(await deps.fetchProgress(taskId));
    } catch (error) {
      handlers.onError?.(error);
    } finally {
      inFlight = false;
    }
  };

  const startPolling = () => {
    if (stopped || poll !== null) return;
    source?.close();
    source = null;
    void ask();
    poll = deps.setInterval(() => void ask(), POLL_INTERVAL_MS);
  };

  try {
    source = deps.openEvents(creationEventsUrl(taskId));
  } catch {
    source = null;
  }
  if (!source) {
    startPolling();
  } else {
    source.addEventListener('progress', (event) => {
      try {
        report(JSON.parse(event.data) as CreationProgress);
      } catch (error) {
        handlers.onError?.(error);
      }
    });
    source.onerror = () => startPolling();
  }
  return stop;
}
