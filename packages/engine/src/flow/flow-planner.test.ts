import { describe, expect, it } from 'vitest';
import {
  nextLineSlot,
  planLine,
  positionCost,
  ringCost,
  SPEAKING_RATES,
  type PlannerSyllable,
} from './flow-planner.ts';
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
  it('asks a quick reading to slow down rather than stretch every syllable', () => {
    const quick = line.map((s) => ({ ...s, naturalDuration: s.naturalDuration * 0.6 }));
    const style = FLOW_STYLES.straight;
    const asIs = planLine(quick, { secondsPerBeat: beat, style, maxBars: 1 });
    const rated = planLine(quick, { secondsPerBeat: beat, style, maxBars: 1, rates: SPEAKING_RATES });
    expect(asIs.rate).toBe(1);
    expect(rated.rate).toBeGreaterThan(1.15);
    // Spans measured against the reading at the chosen rate sit closer to 1 than against the quick one.
    const spread = (plan: typeof rated) => {
      const logs = plan.slots
        .slice(1)
        .map((s, i) =>
          Math.abs(Math.log2(((s - plan.slots[i]!) * beat) / 4 / (quick[i]!.naturalDuration * plan.rate))),
        );
      return logs.reduce((a, b) => a + b, 0) / logs.length;
    };
    expect(spread(rated)).toBeLessThan(spread(asIs));
  });
  it('a melodic flow holds its vowels instead of reading the line slower', () => {
    const quick = line.map((s) => ({ ...s, naturalDuration: s.naturalDuration * 0.6 }));
    const melodic = FLOW_STYLES.melodic;
    const unbounded = { ...melodic, slowestRate: undefined };
    const options = { secondsPerBeat: beat, maxBars: 2, rates: SPEAKING_RATES };
    expect(planLine(quick, { ...options, style: unbounded }).rate).toBeGreaterThan(1);
    const held = planLine(quick, { ...options, style: melodic });
    expect(held.rate).toBeLessThanOrEqual(1);
    expect(held.cost).toBeLessThan(1e6);
    // A caller offering only slower rates still gets a plan, at the least slow of them.
    expect(planLine(quick, { ...options, style: melodic, rates: [1.6, 1.2] }).rate).toBe(1.2);
  });
  it('a reading that fits the flow keeps its own rate', () => {
    const plan = planLine(line, {
      secondsPerBeat: beat,
      style: FLOW_STYLES.straight,
      maxBars: 1,
      rates: SPEAKING_RATES,
    });
    expect(plan.rate).toBeGreaterThanOrEqual(0.9);
    expect(plan.rate).toBeLessThanOrEqual(1.2);
  });
  it('knows a swung odd 16th is short: a syllable is not squeezed into it', () => {
    const phrase = [
      syl(2, 0.2),
      syl(0, 0.17),
      syl(0, 0.17),
      syl(2, 0.2),
      syl(0, 0.17),
      syl(0, 0.17),
      syl(2, 0.4),
    ];
    const slot = beat / 4;
    // The shortest span as heard on a grid whose odd 16ths come 0.3 of a slot late.
    const squeeze = (plan: { slots: number[] }) => {
      const at = (i: number) => plan.slots[i]! * slot + (plan.slots[i]! % 2 ? 0.3 * slot : 0);
      return Math.min(...phrase.slice(0, -1).map((s, i) => (at(i + 1) - at(i)) / s.naturalDuration));
    };
    const style = FLOW_STYLES.straight;
    const unaware = planLine(phrase, { secondsPerBeat: beat, style, maxBars: 1 });
    const swung = planLine(phrase, { secondsPerBeat: beat, style, maxBars: 1, swing: 0.3 });
    expect(squeeze(unaware)).toBeLessThan(0.8);
    expect(squeeze(swung)).toBeGreaterThanOrEqual(0.9);
  });
  it('rests after a phrase, not after a word that leans on the next ("five | with the city")', () => {
    // "woke up at nine forty five with the city in my veins", said slowly.
    const said = (leans: boolean): PlannerSyllable[] =>
      (
        [
          [2, 0.25, true, false],
          [0, 0.23, true, false],
          [0, 0.42, true, true],
          [2, 0.58, true, false],
          [2, 0.32, false, false],
          [0, 0.32, true, false],
          [2, 0.53, true, false],
          [0, 0.26, true, true],
          [0, 0.26, true, true],
          [2, 0.19, false, false],
          [0, 0.24, true, false],
          [0, 0.35, true, true],
          [0, 0.34, true, true],
          [2, 0.65, true, false],
        ] as const
      ).map(([stress, naturalDuration, isWordEnd, lean]) => ({
        stress,
        naturalDuration,
        isWordEnd,
        leansOnNext: leans && lean,
      }));
    const style = FLOW_STYLES.straight;
    const spans = (plan: { slots: number[] }) => plan.slots.slice(1).map((s, i) => s - plan.slots[i]!);
    const unaware = spans(planLine(said(false), { secondsPerBeat: beat, style, maxBars: 1 }));
    const phrased = spans(planLine(said(true), { secondsPerBeat: beat, style, maxBars: 1 }));
    // "the" held over a rest before "city" unless the planner knows it leans on it.
    expect(unaware[8]).toBe(3);
    expect(phrased[8]).toBeLessThanOrEqual(2);
    expect(phrased[6]).toBeGreaterThan(unaware[6]!);
  });
  it("leaves a line's last syllable room to ring before the next line's downbeat", () => {
    // "Woke up at nine forty five with the city in my veins" as Deacon Grey's voice says it.
    const stresses = [2, 0, 0, 2, 2, 0, 2, 0, 0, 2, 0, 0, 0, 2] as const;
    const said = [0.19, 0.13, 0.25, 0.37, 0.17, 0.27, 0.31, 0.17, 0.18, 0.13, 0.13, 0.15, 0.29, 0.44];
    const veins = said.map((d, i) => syl(stresses[i]!, d));
    const style = FLOW_STYLES['laid-back'];
    const slot = 0.172;
    const plan = planLine(veins, {
      secondsPerBeat: 4 * slot,
      style,
      maxBars: 1,
      rates: SPEAKING_RATES,
      swing: 0.3,
    });
    const last = plan.slots[plan.slots.length - 1]!;
    // On the bar's last (swung) 16th "veins" kept 80 ms of its 440 before the next line.
    expect(last).toBeLessThan(15);
    expect(ringCost(0.44, 0.44, style)).toBe(0);
    expect(ringCost(0.08, 0.44, style)).toBeGreaterThan(ringCost(0.3, 0.44, style));
  });
  it('plans a line too dense for its bar by stress and length, not evenly', () => {
    // 16 syllables in 16 slots, some longer than a slot could take at 0.45 of their length.
    const crammed = Array.from({ length: 16 }, (_, i) => syl(i % 4 === 0 ? 2 : 0, i % 4 === 0 ? 0.4 : 0.1));
    const plan = planLine(crammed, { secondsPerBeat: 0.5, style: FLOW_STYLES['laid-back'], maxBars: 1 });
    expect(plan.cost).toBeLessThan(1e9);
    // Stressed syllables on beats and 8ths, where spreading evenly put them anywhere.
    crammed.forEach((s, i) => {
      if (s.stress === 2) expect(plan.slots[i]! % 2).toBe(0);
    });
  });
  it("keeps the next line's pickup out of the time the last syllable rings", () => {
    const plan = { slots: [0, 4, 8, 12], bars: 1, slotsPerBar: 16, cost: 0, rate: 1 };
    // Three quarters of 0.5 s and the gap, on 0.15 s slots: 3 slots after the last one.
    expect(nextLineSlot(plan, syl(2, 0.5), 0.15)).toBe(15);
    // At least two slots, however short the syllable.
    expect(nextLineSlot(plan, syl(2, 0.05), 0.15)).toBe(14);
    // Said slower, it rings longer.
    expect(nextLineSlot({ ...plan, rate: 1.6 }, syl(2, 0.5), 0.15)).toBe(17);
  });
});
