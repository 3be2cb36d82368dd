import {
  RAP_PROGRESS_COMPLETED,
  RAP_PROGRESS_PHASES,
  type CreationProgress,
} from '@bops/shared/api/creation';

/**
 * docs/PRODUCT.md#entities "Progress wording", rap track: eight named phases with a subtitle and a duration, and a completed
 * title and message. The texts are i18n keys; the durations (docs/PRODUCT.md#constants) only pace the bar between real updates.
 */
export interface ProgressPhase {
  /** The server's phase this wording stands for. */
  id: string;
  nameKey: string;
  subtitleKey: string;
  durationMs: number;
}

/** The contract's rap track: the server reports these phase ids, the engine renders through them. */
export const rapProgressPhases: readonly ProgressPhase[] = RAP_PROGRESS_PHASES;

export const rapProgressCompleted = RAP_PROGRESS_COMPLETED;

/** Which wording phase a server report is in; a phase we don't know keeps the bar where it was. */
export function phaseIndexOf(
  report: Pick<CreationProgress, 'status' | 'phase'>,
  previous = 0,
  phases: readonly ProgressPhase[] = rapProgressPhases,
): number {
  if (report.status === 'completed') return phases.length - 1;
  if (report.status === 'queued') return 0;
  const index = phases.findIndex(({ id }) => id === report.phase);
  return index >= 0 ? Math.max(index, previous) : previous;
}

/**
 * The fraction the bar shows `msSinceUpdate` after the server said `serverProgress`. It creeps on towards the end
 * of the current phase at the phase's own pace and never gets there, so only the server can move it past.
 */
export function pacedProgress({
  serverProgress,
  phaseIndex,
  msSinceUpdate,
  phases = rapProgressPhases,
}: {
  serverProgress: number;
  phaseIndex: number;
  msSinceUpdate: number;
  /** The track's phases (the rap's unless given). */
  phases?: readonly ProgressPhase[];
}): number {
  const base = Math.min(1, Math.max(0, serverProgress));
  if (base >= 1) return 1;
  const totalMs = phases.reduce((sum, { durationMs }) => sum + durationMs, 0);
  const current = phases[Math.min(Math.max(phaseIndex, 0), phases.length - 1)]!;
  const share = current.durationMs / totalMs;
  const ceiling = Math.min(0.99, base + share);
  const eased = 1 - Math.exp(-Math.max(0, msSinceUpdate) / current.durationMs);
  return base + (ceiling - base) * eased;
}

/** Seconds as m:ss, as the countdown shows them. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
