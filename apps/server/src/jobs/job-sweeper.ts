import type { FastifyBaseLogger } from 'fastify';
import type { JobState } from './job-queue.ts';

/** What one sweep did: jobs sent for rows that had none, rows failed whose job gave up. */
export interface SweepResult {
  sent: number;
  failed: number;
}

/**
 * What the sweeper does with a row still waiting on its job (a creation queued or running, an AI singer
 * processing), by the state of that job in pg-boss:
 * - none: the job was never sent (the process died between committing the row and sending) or is gone;
 *   it is sent again under the row's key, so at most one job exists however many processes sweep;
 * - failed or cancelled: no attempt is left (retries used up, the last one lost to a kill or an expiry);
 *   the row fails, by an update conditional on its status, so a row that finished meanwhile stays so;
 * - waiting, retrying, running or completed: the job still owns the row, which is left alone.
 */
export function sweepAction(state: JobState | null): 'send' | 'fail' | 'leave' {
  if (state === null) return 'send';
  if (state === 'failed' || state === 'cancelled') return 'fail';
  return 'leave';
}

export interface Sweep {
  name: string;
  run(): Promise<SweepResult>;
}

/**
 * Runs the sweeps at once, then every `intervalMs` (each run starts after the previous one ended).
 * Every process that works jobs runs one; each step is keyed or conditional, so they never conflict.
 */
export function startJobSweeper(options: {
  sweeps: Sweep[];
  intervalMs: number;
  /** How long after start the first sweep runs (default 5 s). */
  firstSweepDelayMs?: number;
  logger: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { sweeps, intervalMs, logger, firstSweepDelayMs = 5_000 } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const sweepOnce = async () => {
    for (const sweep of sweeps) {
      if (stopped) return;
      try {
        const result = await sweep.run();
        if (result.sent > 0 || result.failed > 0) logger.info({ sweep: sweep.name, ...result }, 'job sweep');
      } catch (error) {
        logger.warn({ sweep: sweep.name, err: error }, 'job sweep failed; it runs again shortly');
      }
    }
  };
  const tick = () => {
    running = sweepOnce().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs).unref();
    });
  };
  // The first sweep waits a moment: start-up and the first requests get the database to themselves.
  timer = setTimeout(tick, Math.min(intervalMs, firstSweepDelayMs)).unref();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
