/**
 * docs/PRODUCT.md#entities "Progress wording", AI-vocalist track: ten named phases with a subtitle and a duration, and a completed
 * title and message. The durations (docs/PRODUCT.md#constants) only set how long each phase holds relative to the others; the
 * whole bar is stretched over the server's own estimate, because a build here takes seconds, not 30 minutes.
 */
export interface BuildPhase {
  id: string;
  durationMs: number;
}

export const vocalistPhases: readonly BuildPhase[] = [
  { id: 'receiving', durationMs: 9000 },
  { id: 'listening', durationMs: 7000 },
  { id: 'rumble', durationMs: 6000 },
  { id: 'pauses', durationMs: 12000 },
  { id: 'hiss', durationMs: 8000 },
  { id: 'pitch', durationMs: 15000 },
  { id: 'tone', durationMs: 8000 },
  { id: 'loudness', durationMs: 10000 },
  { id: 'tuning', durationMs: 9000 },
  { id: 'checks', durationMs: 6000 },
];

export const phaseNameKey = (phase: BuildPhase) => `voiceCloning.progress.phases.${phase.id}.name`;
export const phaseSubtitleKey = (phase: BuildPhase) => `voiceCloning.progress.phases.${phase.id}.subtitle`;

const totalMs = vocalistPhases.reduce((sum, phase) => sum + phase.durationMs, 0);

/** docs/PRODUCT.md#constants: the estimate shown is the server's (parsed, 10 when missing) plus 2 seconds. */
export function shownEstimateSeconds(estimation: unknown): number {
  const parsed = typeof estimation === 'number' ? estimation : Number.parseFloat(String(estimation));
  return (Number.isFinite(parsed) && parsed > 0 ? parsed : 10) + 2;
}

/** The bar never reaches the end by the clock alone: only the server's "ready" finishes it. */
const clockCeiling = 0.96;

export interface BuildProgress {
  /** 0..1 for the bar. */
  fraction: number;
  phaseIndex: number;
  /** The estimate has run out and the server has not said ready yet. */
  overdue: boolean;
  secondsLeft: number;
}

export function buildProgressAt(elapsedMs: number, estimateSeconds: number): BuildProgress {
  const expectedMs = estimateSeconds * 1000;
  const byClock = Math.min(1, Math.max(0, elapsedMs) / expectedMs);
  const phaseMs = byClock * totalMs;
  let phaseIndex = 0;
  let start = 0;
  for (const [index, phase] of vocalistPhases.entries()) {
    phaseIndex = index;
    if (phaseMs < start + phase.durationMs) break;
    start += phase.durationMs;
  }
  return {
    fraction: Math.min(clockCeiling, byClock),
    phaseIndex,
    overdue: elapsedMs >= expectedMs,
    secondsLeft: Math.max(0, Math.ceil((expectedMs - elapsedMs) / 1000)),
  };
}

/** What the page keeps about a build in this tab, so a reload goes on with the same countdown. */
export interface RememberedBuild {
  startedAt: number;
  estimateSeconds: number;
}

const buildsKey = 'bops.voice-clone-builds';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function readBuilds(storage: SessionStore): Record<string, RememberedBuild> {
  try {
    const parsed = JSON.parse(storage.getItem(buildsKey) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, RememberedBuild>) : {};
  } catch {
    return {};
  }
}

export function rememberBuild(storage: SessionStore, id: string, build: RememberedBuild): void {
  try {
    storage.setItem(buildsKey, JSON.stringify({ ...readBuilds(storage), [id]: build }));
  } catch {
    // A full or blocked session storage only costs the countdown after a reload.
  }
}

export function recallBuild(storage: SessionStore, id: string): RememberedBuild | null {
  const build = readBuilds(storage)[id];
  return build && typeof build.startedAt === 'number' && typeof build.estimateSeconds === 'number'
    ? build
    : null;
}
