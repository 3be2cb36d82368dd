import { RAP_PHASE_IDS } from '@bops/shared/api/creation';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.translation.ts';
import {
  formatClock,
  pacedProgress,
  phaseIndexOf,
  rapProgressCompleted,
  rapProgressPhases,
} from './rap-progress-wording.ts';

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
}

describe('rap progress wording', () => {
  it('has the rap track of docs/PRODUCT.md#constants: eight phases with these durations, each worded, and a completed title and message', () => {
    expect(rapProgressPhases.map((phase) => phase.durationMs)).toEqual([
      15000, 18000, 12000, 15000, 10000, 12000, 10000, 8000,
    ]);
    for (const phase of rapProgressPhases) {
      expect(typeof lookup(phase.nameKey)).toBe('string');
      expect(typeof lookup(phase.subtitleKey)).toBe('string');
    }
    expect(typeof lookup(rapProgressCompleted.titleKey)).toBe('string');
    expect(typeof lookup(rapProgressCompleted.messageKey)).toBe('string');
  });

  it("follows the server's phases, in its order, and never steps back", () => {
    // The wait in the queue, then every phase the render reports, in the contract's order.
    expect(rapProgressPhases.map((phase) => phase.id)).toEqual(['queued', ...RAP_PHASE_IDS]);
    expect(phaseIndexOf({ status: 'queued', phase: '' })).toBe(0);
    expect(phaseIndexOf({ status: 'running', phase: 'placing-on-beat' })).toBe(3);
    expect(phaseIndexOf({ status: 'running', phase: 'encoding' })).toBe(7);
    expect(phaseIndexOf({ status: 'running', phase: 'something-new' }, 4)).toBe(4);
    expect(phaseIndexOf({ status: 'running', phase: 'preparing-lyrics' }, 5)).toBe(5);
    expect(phaseIndexOf({ status: 'completed', phase: 'completed' })).toBe(7);
  });

  it('creeps on between reports at the phase pace without passing the end of the phase', () => {
    const at = (ms: number, phaseIndex = 1, serverProgress = 0.1) =>
      pacedProgress({ serverProgress, phaseIndex, msSinceUpdate: ms });
    expect(at(0)).toBeCloseTo(0.1, 6);
    expect(at(1000)).toBeGreaterThan(0.1);
    expect(at(10_000)).toBeGreaterThan(at(1000));
    // Phase 1 is 18 s of the 100 s track: the bar stays under 0.1 + 0.18 however long the server is silent.
    expect(at(10_000_000)).toBeLessThanOrEqual(0.28 + 1e-9);
    expect(at(60_000, 7, 0.98)).toBeLessThanOrEqual(0.99);
    expect(pacedProgress({ serverProgress: 1, phaseIndex: 7, msSinceUpdate: 0 })).toBe(1);
    expect(pacedProgress({ serverProgress: -1, phaseIndex: 0, msSinceUpdate: 0 })).toBe(0);
  });

  it('shows the countdown as m:ss, rounding up so 0:00 means done', () => {
    expect(formatClock(12)).toBe('0:12');
    expect(formatClock(11.2)).toBe('0:12');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});
