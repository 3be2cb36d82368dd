import { AI_SINGER_BUILD_PHASES, type AiSingerBuildPhase } from '@bops/shared/api/voice-clone';

/**
 * The build of an AI singer as its job reports it: the phase it is in (null until a worker picks the job up), and
 * the time left by the server's own estimate. The bar moves with the phases, not with the clock.
 */
export const buildPhases = AI_SINGER_BUILD_PHASES;

export const phaseNameKey = (phase: AiSingerBuildPhase | null) =>
  `voiceCloning.progress.phases.${phase ?? 'waiting'}.name`;
export const phaseSubtitleKey = (phase: AiSingerBuildPhase | null) =>
  `voiceCloning.progress.phases.${phase ?? 'waiting'}.subtitle`;

/** docs/PRODUCT.md#constants: the estimate shown is the server's (parsed, 10 when missing) plus 2 seconds. */
export function shownEstimateSeconds(estimation: unknown): number {
  const parsed = typeof estimation === 'number' ? estimation : Number.parseFloat(String(estimation));
  return (Number.isFinite(parsed) && parsed > 0 ? parsed : 10) + 2;
}

export interface BuildProgress {
  /** 0..1 for the bar: the phases done, and half of the one under way. */
  fraction: number;
  /** 1-based number of the phase under way; 0 while the build waits for a worker. */
  phaseNumber: number;
  /** The estimate has run out and the server has not said ready yet. */
  overdue: boolean;
  secondsLeft: number;
}

export function buildProgress(
  phase: AiSingerBuildPhase | null,
  elapsedMs: number,
  estimateSeconds: number,
): BuildProgress {
  const index = phase ? buildPhases.indexOf(phase) : -1;
  const expectedMs = estimateSeconds * 1000;
  return {
    fraction: index < 0 ? 0 : (index + 0.5) / buildPhases.length,
    phaseNumber: index + 1,
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
