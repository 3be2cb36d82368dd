import { describe, expect, it } from 'vitest';
import { planLine, positionCost, type PlannerSyllable } from './flow-planner.ts';
import { FLOW_STYLES } from './flow-style.ts';

const syl = (stress: 0 | 1 | 2, naturalDuration = 0.18, isWordEnd = true): PlannerSyllable => ({
  stress,
  naturalDuration,
  isWordEnd,
});
/** "I came up from the bottom with a pen and a dream" as the voice said it. */
const line = [
  syl(0, 0.14),
  syl(2, 0.3),
  syl(2, 0.16),
  syl(0, 0.2),
  syl(0, 0.08),
  syl(2, 0.2, false),
  syl(0, 0.22),
  syl(0, 0.16),
  syl(0, 0.06),
  syl(2, 0.3),
  syl(0, 0.2),
  syl(0, 0.08),
  syl(2, 0.5),
];
const beat = 60 / 90;

describe('flow planner', () => {
  it('prefers beats for stressed and off-beats for unstressed syllables', () => {
    expect(positionCost(2, 0, 4)).toBeLessThan(positionCost(2, 2, 4));
    expect(positionCost(2, 2, 4)).toBeLessThan(positionCost(2, 1, 4));
    expect(positionCost(0, 1, 4)).toBeLessThan(positionCost(0, 4, 4));
  });
  it('puts stressed syllables on 8th notes, keeps order, and lands the rhyme on beat 4', () => {
    const plan = planLine(line, { secondsPerBeat: beat, style: FLOW_STYLES.straight, maxBars: 1 });
    expect(plan.bars).toBe(1);
    for (let i = 1; i < plan.slots.length; i++) expect(plan.slots[i]!).toBeGreaterThan(plan.slots[i - 1]!);
    line.forEach((s, i) => {
      if (s.stress === 2) expect(Math.abs(plan.slots[i]! % 2)).toBe(0);
    });
    expect(plan.slots[plan.slots.length - 1]).toBe(12);
  });
  it('keeps syllable spans near their spoken length', () => {
    const plan = planLine(line, { secondsPerBeat: beat, style: FLOW_STYLES.straight, maxBars: 1 });
    const slot = beat / 4;
    const ratios = plan.slots
      .slice(1)
      .map((s, i) => ((s - plan.slots[i]!) * slot) / line[i]!.naturalDuration);
    const median = [...ratios].sort((a, b) => a - b)[ratios.length >> 1]!;
    expect(median).toBeGreaterThan(0.6);
    expect(median).toBeLessThan(1.7);
  });
  it('puts stressed syllables of a triplet flow on triplet positions', () => {
    const plan = planLine(line, { secondsPerBeat: beat, style: FLOW_STYLES.triplet, maxBars: 1 });
    expect(plan.slotsPerBar).toBe(12);
    const onBeat = line.filter((s, i) => s.stress === 2 && plan.slots[i]! % 3 === 0).length;
    expect(onBeat).toBeGreaterThanOrEqual(3);
  });
  it('spills a long line onto two bars instead of cramming', () => {
    const long = [...line, ...line, ...line];
    const plan = planLine(long, { secondsPerBeat: beat, style: FLOW_STYLES.straight, maxBars: 1 });
    expect(plan.bars).toBeGreaterThanOrEqual(3);
    expect(plan.cost).toBeLessThan(1e6);
  });
  it('double-time packs syllables onto 32nds', () => {
    const dense = [...line, ...line.slice(0, 6)];
    const plan = planLine(dense, { secondsPerBeat: beat, style: FLOW_STYLES['double-time'], maxBars: 1 });
    expect(planLine(dense, { secondsPerBeat: beat, style: FLOW_STYLES.straight, maxBars: 1 }).bars).toBe(2);
    expect(plan.slotsPerBar).toBe(32);
    expect(plan.bars).toBe(1);
  });
});
