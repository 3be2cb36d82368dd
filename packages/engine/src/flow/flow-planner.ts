import type { Seconds } from '../units.ts';
import type { Stress } from '../text/stress-lexicon.ts';
import type { FlowStyle } from './flow-style.ts';

export interface PlannerSyllable {
  stress: Stress;
  /** Spoken time from this syllable's vowel onset to the next one's (or to its end for the last). */
  naturalDuration: Seconds;
  /**
   * The part of that span that keeps its spoken length when the span is lengthened: the next
   * syllable's consonants before its vowel (the renderer stretches only the vowel and what
   * follows it). 0 when unknown.
   */
  fixedDuration?: Seconds;
  isWordEnd: boolean;
  /** The end of a word that leans on the next one ("the", "of", "my", "I"): a rest here splits a phrase. */
  leansOnNext?: boolean;
}

export interface LinePlan {
  /** Grid slot of each syllable, counted from the line's first downbeat; negative = pickup. */
  slots: number[];
  bars: number;
  slotsPerBar: number;
  cost: number;
  /**
   * The speaking rate the plan was made for (a TTS duration scale: >1 slower): the voice says the
   * line at this rate, so each syllable's span asks little stretch of its own.
   */
  rate: number;
}

/**
 * Speaking rates a line may be asked for. The spans a flow gives a line's syllables are on average
 * longer or shorter than the voice's reading; a TTS says the whole line slower or faster with
 * every sound intact, where the stretcher would lengthen each vowel on its own.
 */
export const SPEAKING_RATES = [0.92, 1, 1.1, 1.2, 1.32, 1.45, 1.6] as const;

/**
 * Cost of asking the voice for a rate: a little for slower, twice that for faster (a quicker
 * reading slurs, as squeezing does).
 */
const rateCost = (rate: number) => (rate >= 1 ? 1 : 2) * Math.abs(Math.log2(rate));

const BEATS_PER_BAR = 4;
const INFEASIBLE = 1e9;

/** How long before the next line's first syllable a line's last one has to end. */
export const NEXT_LINE_GAP: Seconds = 0.04;

/** The share of its spoken length a line's last syllable keeps at least, room allowing. */
export const LINE_END_SHARE = 0.75;

/** Squeezed under this share of its spoken length, a span's sound is as good as lost. */
const MIN_SQUEEZE = 0.45;
const OVERSQUEEZED = 12;

/**
 * Cost of saying a span in `ratio` (< 1) of its spoken length. Under MIN_SQUEEZE it costs
 * steeply, but a line too dense for its bar still gets the plan that loses the least: such lines
 * used to be spread evenly over the bar, stresses and lengths ignored (5 of Saint Echo's 30 lines
 * on the two eval lyric sets).
 */
function squeezeCost(ratio: number, style: FlowStyle): number {
  const cost = 2 * style.durationWeight * Math.abs(Math.log2(Math.max(0.05, ratio)));
  return ratio < MIN_SQUEEZE ? cost + OVERSQUEEZED + 40 * (MIN_SQUEEZE - ratio) : cost;
}

/**
 * Cost of letting a line's last syllable ring for `span` where it naturally takes `natural`: free
 * when it has its length, else a squeeze like any other span's. Left uncosted, a dense line put
 * its rhyme on the bar's last 16th and the next line's downbeat cut it: Deacon Grey's "veins",
 * "friend" and "got" kept 80 ms of their 320–460.
 */
export function ringCost(span: Seconds, natural: Seconds, style: FlowStyle): number {
  const ratio = Math.max(0.01, span) / Math.max(0.05, natural);
  return ratio >= 1 ? 0 : squeezeCost(ratio, style);
}

/** How well a syllable of this stress sits at this slot (0 = ideal). */
export function positionCost(stress: Stress, slot: number, slotsPerBeat: number): number {
  const r = ((slot % slotsPerBeat) + slotsPerBeat) % slotsPerBeat;
  const onBeat = r === 0;
  const onEighth = slotsPerBeat % 2 === 0 && r === slotsPerBeat / 2;
  const onSixteenth = slotsPerBeat === 8 && r % 2 === 0;
  // The 8th-note triplets of the groove (every slot of a triplet grid, every other of a 16th-triplet one).
  const onTriplet = slotsPerBeat % 3 === 0 && r % (slotsPerBeat / 3) === 0;
  if (stress === 2) {
    if (onBeat) return 0;
    if (onEighth) return 0.5;
    if (onTriplet) return 1.6;
    return onSixteenth || slotsPerBeat === 6 ? 3 : 5;
  }
  if (stress === 1) return onBeat || onEighth ? 0.15 : 0.9;
  // Unstressed syllables should leave the beats to the stressed ones.
  return onBeat ? 0.9 : onEighth ? 0.25 : 0.2;
}

/** The rhyme (last stressed syllable) belongs on beat 4 of the line's last bar; beat 3 or the 8ths near 4 will do. */
function rhymeCost(slot: number, bars: number, slotsPerBeat: number): number {
  const lastBar = (bars - 1) * BEATS_PER_BAR * slotsPerBeat;
  const beat4 = lastBar + 3 * slotsPerBeat;
  if (slot === beat4) return 0;
  const d = Math.abs(slot - beat4) / slotsPerBeat;
  if (slot === lastBar + 2 * slotsPerBeat) return 1.2;
  return d <= 0.5 ? 1 : 2.5 + d;
}

/**
 * Cost of giving syllable `i` a span of `span` seconds where it naturally takes `natural`. A
 * lengthened span keeps its consonants and stretches the rest, so the stretch is judged on that
 * rest: a short vowel before a long consonant cluster stretches the most.
 */
function durationCost(span: Seconds, syllable: PlannerSyllable, style: FlowStyle, beat: Seconds): number {
  const natural = Math.max(0.05, syllable.naturalDuration);
  const ratio = span / natural;
  // Squeezed speech loses more words than stretched speech (a plain reading at 0.8x lost 0.07 of
  // its words to the recogniser, at 1.25x 0.01): squeezing costs twice as much.
  if (ratio < 1) return squeezeCost(ratio, style);
  const fixed = Math.min(syllable.fixedDuration ?? 0, natural - 0.03);
  const stretchable = natural - fixed;
  const stretch = (span - fixed) / stretchable;
  if (stretch <= style.maxStretch) return style.durationWeight * Math.log2(stretch);
  const stretchPart = style.durationWeight * Math.log2(style.maxStretch);
  // Beyond the stretch limit the remainder is a rest: fine after a word, awkward inside one, and
  // after a word that leans on the next ("with the | city") in between.
  const rest = (span - fixed - stretchable * style.maxStretch) / beat;
  if (!syllable.isWordEnd) return stretchPart + 4 + 3 * rest;
  return syllable.leansOnNext ? stretchPart + 1.5 + 2 * rest : stretchPart + 0.6 * rest;
}

/**
 * The first slot (counted from this line's first downbeat) the next line may put a syllable on:
 * two slots after this line's last one, and late enough for that syllable to keep LINE_END_SHARE
 * of its spoken length (`naturalDuration` at the plan's rate) before NEXT_LINE_GAP.
 */
export function nextLineSlot(plan: LinePlan, last: PlannerSyllable, secondsPerSlot: Seconds): number {
  const ring = LINE_END_SHARE * last.naturalDuration * plan.rate + NEXT_LINE_GAP;
  return plan.slots[plan.slots.length - 1]! + Math.max(2, Math.ceil(ring / secondsPerSlot));
}

/**
 * Dynamic programming over grid slots: every syllable gets a slot, strictly increasing, so that
 * stressed syllables fall on beats and 8ths, spans stay near spoken lengths, and the rhyme lands
 * near beat 4. Returns the cheapest plan across 1..maxBars bars.
 */
export function planLine(
  syllables: readonly PlannerSyllable[],
  {
    secondsPerBeat,
    style,
    maxBars = 2,
    earliestSlot = -style.slotsPerBeat,
    rates = [1],
    swing = 0,
  }: {
    secondsPerBeat: Seconds;
    style: FlowStyle;
    maxBars?: number;
    earliestSlot?: number;
    /**
     * Speaking rates the voice can be asked for (see SPEAKING_RATES), up to the style's slowest;
     * [1] plans for the reading as it is.
     */
    rates?: readonly number[];
    /** Delay of odd 16ths as a share of a slot (the beat's swing; 16th grids only). */
    swing?: number;
  },
): LinePlan {
  let best: LinePlan | undefined;
  const allowed = rates.filter((r) => r <= (style.slowestRate ?? Infinity));
  for (const rate of allowed.length > 0 ? allowed : [Math.min(...rates)]) {
    const scaled =
      rate === 1
        ? syllables
        : syllables.map((s) => ({
            ...s,
            naturalDuration: s.naturalDuration * rate,
            fixedDuration: (s.fixedDuration ?? 0) * rate,
          }));
    const plan = planAtRate(scaled, { secondsPerBeat, style, maxBars, earliestSlot, swing });
    const cost = plan.cost + rateCost(rate);
    if (!best || cost < best.cost) best = { ...plan, cost, rate };
  }
  return best!;
}

function planAtRate(
  syllables: readonly PlannerSyllable[],
  {
    secondsPerBeat,
    style,
    maxBars,
    earliestSlot,
    swing,
  }: { secondsPerBeat: Seconds; style: FlowStyle; maxBars: number; earliestSlot: number; swing: number },
): Omit<LinePlan, 'rate'> {
  const sub = style.slotsPerBeat;
  const slotsPerBar = BEATS_PER_BAR * sub;
  const slot = secondsPerBeat / sub;
  let best: Omit<LinePlan, 'rate'> | undefined;
  const minBars = Math.max(1, Math.ceil(syllables.length / (slotsPerBar * style.maxFill)));
  for (let bars = Math.min(minBars, maxBars); bars <= Math.max(maxBars, minBars); bars++) {
    const plan = planInBars(syllables, bars, sub, slot, secondsPerBeat, style, earliestSlot, swing);
    // A second bar costs a little: lines should breathe, not crawl.
    const total = plan.cost + (bars - 1) * 2.5;
    if (!best || total < best.cost) best = { ...plan, cost: total };
    if (best.cost < INFEASIBLE && bars >= minBars + 1) break;
  }
  return best!;
}

function planInBars(
  syllables: readonly PlannerSyllable[],
  bars: number,
  sub: number,
  slot: Seconds,
  beat: Seconds,
  style: FlowStyle,
  earliestSlot: number,
  swing: number,
): Omit<LinePlan, 'rate'> {
  const n = syllables.length;
  // Swung odd 16ths come late: a span from an even slot to an odd one is longer than its slots say.
  const swung = (x: number) => (sub === 4 && ((x % 2) + 2) % 2 === 1 ? swing * slot : 0);
  const slotsPerBar = BEATS_PER_BAR * sub;
  if (n === 0) return { slots: [], bars, slotsPerBar, cost: 0 };
  // Pickups reach back up to a beat, but never onto the previous line's last syllable (see
  // nextLineSlot). Starting after the downbeat when that syllable still rang lost more words
  // (Deacon Grey and Saint Echo, both eval lyric sets: 135.5 against 130).
  const lo = Math.min(0, Math.max(-sub, earliestSlot));
  const hi = bars * slotsPerBar - 1;
  const lastAllowed = hi;
  const width = hi - lo + 1;
  const maxStep = 3 * sub;
  let rhymeIndex = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (syllables[i]!.stress > 0) {
      rhymeIndex = i;
      break;
    }
  }
  if (rhymeIndex < 0) rhymeIndex = n - 1;
  const cost = Array.from({ length: n }, () => new Float64Array(width).fill(INFEASIBLE));
  const back = Array.from({ length: n }, () => new Int16Array(width).fill(-32768));
  const first = syllables[0]!;
  for (let s = lo; s <= Math.min(hi, 2 * sub); s++) {
    if (s < 0 && first.stress > 0) continue;
    let c = positionCost(first.stress, s, sub) + 0.15 * Math.abs(s);
    if (rhymeIndex === 0) c += rhymeCost(s, bars, sub);
    cost[0]![s - lo] = c;
  }
  for (let i = 1; i < n; i++) {
    const syl = syllables[i]!;
    const prev = syllables[i - 1]!;
    const tailRoom = n - 1 - i; // later syllables need at least one slot each
    for (let s = lo + i; s <= hi - tailRoom; s++) {
      const place = positionCost(syl.stress, s, sub) + (i === rhymeIndex ? rhymeCost(s, bars, sub) : 0);
      let bestCost = INFEASIBLE;
      let bestPrev = -32768;
      for (let d = 1; d <= maxStep; d++) {
        const p = s - d;
        if (p < lo) break;
        const pc = cost[i - 1]![p - lo]!;
        if (pc >= INFEASIBLE) continue;
        const c = pc + durationCost(d * slot + swung(s) - swung(p), prev, style, beat) + place;
        if (c < bestCost) {
          bestCost = c;
          bestPrev = p;
        }
      }
      cost[i]![s - lo] = bestCost;
      back[i]![s - lo] = bestPrev;
    }
  }
  // The last syllable rings on to the end of the line's bars, where the next line may start.
  const lastSyllable = syllables[n - 1]!;
  let end = lo;
  let endCost = INFEASIBLE;
  for (let s = lo; s <= lastAllowed; s++) {
    if (cost[n - 1]![s - lo]! >= INFEASIBLE) continue;
    const ring = (bars * slotsPerBar - s) * slot - swung(s) - NEXT_LINE_GAP;
    const c = cost[n - 1]![s - lo]! + ringCost(ring, lastSyllable.naturalDuration, style);
    if (c < endCost) {
      endCost = c;
      end = s;
    }
  }
  if (endCost >= INFEASIBLE)
    return { slots: evenSlots(n, bars, slotsPerBar), bars, slotsPerBar, cost: INFEASIBLE };
  const slots = new Array<number>(n);
  slots[n - 1] = end;
  for (let i = n - 1; i > 0; i--) slots[i - 1] = back[i]![slots[i]! - lo]!;
  return { slots, bars, slotsPerBar, cost: endCost };
}

/** Fallback for absurdly dense lines: spread syllables evenly so rendering still works. */
function evenSlots(n: number, bars: number, slotsPerBar: number): number[] {
  const total = bars * slotsPerBar;
  return Array.from({ length: n }, (_, i) => Math.floor((i * total) / n));
}
