import { describe, expect, it } from 'vitest';
import {
  buildProgressAt,
  recallBuild,
  rememberBuild,
  shownEstimateSeconds,
  vocalistPhases,
} from './voice-build-progress.ts';

describe('AI singer build progress', () => {
  it('has the ten AI-vocalist phase durations of the spec', () => {
    expect(vocalistPhases.map((phase) => phase.durationMs)).toEqual([
      9000, 7000, 6000, 12000, 8000, 15000, 8000, 10000, 9000, 6000,
    ]);
  });

  it('shows the server estimate plus 2 seconds, 10 when it is missing', () => {
    expect(shownEstimateSeconds(7)).toBe(9);
    expect(shownEstimateSeconds('12')).toBe(14);
    expect(shownEstimateSeconds(undefined)).toBe(12);
    expect(shownEstimateSeconds('soon')).toBe(12);
  });

  it('stretches the phases over the estimate in the proportions of their durations', () => {
    // 90 s of phase time over a 9 s estimate: each phase's share is a tenth of its spec duration.
    expect(buildProgressAt(0, 9).phaseIndex).toBe(0);
    expect(buildProgressAt(899, 9).phaseIndex).toBe(0);
    expect(buildProgressAt(900, 9).phaseIndex).toBe(1);
    expect(buildProgressAt(3500, 9).phaseIndex).toBe(4);
    expect(buildProgressAt(8999, 9).phaseIndex).toBe(9);
    expect(buildProgressAt(4500, 9)).toMatchObject({ fraction: 0.5, overdue: false, secondsLeft: 5 });
  });

  it('holds short of the end once the estimate has run out, and says so', () => {
    const late = buildProgressAt(60_000, 9);
    expect(late).toMatchObject({ fraction: 0.96, phaseIndex: 9, overdue: true, secondsLeft: 0 });
  });

  it('remembers a build per tab and ignores damaged entries', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(recallBuild(storage, 'a')).toBeNull();
    rememberBuild(storage, 'a', { startedAt: 5, estimateSeconds: 9 });
    rememberBuild(storage, 'b', { startedAt: 6, estimateSeconds: 12 });
    expect(recallBuild(storage, 'a')).toEqual({ startedAt: 5, estimateSeconds: 9 });
    expect(recallBuild(storage, 'b')).toEqual({ startedAt: 6, estimateSeconds: 12 });
    values.set('bops.voice-clone-builds', '{not json');
    expect(recallBuild(storage, 'a')).toBeNull();
  });
});
