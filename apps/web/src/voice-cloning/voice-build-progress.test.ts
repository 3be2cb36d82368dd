import { describe, expect, it } from 'vitest';
import { AI_SINGER_BUILD_PHASES } from '@bops/shared/api/voice-clone';
import { en } from '../i18n/en.translation.ts';
import {
  buildProgress,
  phaseNameKey,
  recallBuild,
  rememberBuild,
  shownEstimateSeconds,
} from './voice-build-progress.ts';

describe('AI singer build progress', () => {
  it('follows the phases the build job reports, in order, not the clock', () => {
    expect(buildProgress(null, 0, 9)).toMatchObject({ fraction: 0, phaseNumber: 0 });
    expect(buildProgress('reading', 0, 9)).toMatchObject({ fraction: 0.1, phaseNumber: 1 });
    expect(buildProgress('building', 0, 9)).toMatchObject({ fraction: 0.7, phaseNumber: 4 });
    // However long it takes, the bar stays where the job is.
    expect(buildProgress('cleaning', 600_000, 9).fraction).toBe(0.3);
    expect(phaseNameKey(null)).toBe('voiceCloning.progress.phases.waiting.name');
  });

  it('moves the bar forward through every phase the job can report, each named in words of its own', () => {
    const fractions = AI_SINGER_BUILD_PHASES.map((phase) => buildProgress(phase, 0, 9).fraction);
    for (const [i, fraction] of fractions.entries()) {
      expect(fraction).toBeGreaterThan(i === 0 ? 0 : fractions[i - 1]!);
    }
    expect(fractions.at(-1)).toBeLessThan(1);
    const named = (key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    const names = [null, ...AI_SINGER_BUILD_PHASES].map((phase) => named(phaseNameKey(phase)));
    for (const name of names) expect(typeof name).toBe('string');
    expect(new Set(names).size).toBe(names.length);
  });

  it('shows the server estimate plus 2 seconds, 10 when it is missing, and says when it has run out', () => {
    expect(shownEstimateSeconds(7)).toBe(9);
    expect(shownEstimateSeconds('12')).toBe(14);
    expect(shownEstimateSeconds(undefined)).toBe(12);
    expect(shownEstimateSeconds('soon')).toBe(12);
    expect(buildProgress('building', 4500, 9)).toMatchObject({ overdue: false, secondsLeft: 5 });
    expect(buildProgress('building', 9000, 9)).toMatchObject({ overdue: true, secondsLeft: 0 });
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
