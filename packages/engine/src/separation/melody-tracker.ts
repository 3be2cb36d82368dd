import type { Hz, Seconds } from '../units.ts';

/** The predominant melody: one F0 per analysis frame (0 = no lead voice) and a 0..1 voicing. */
export interface LeadPitch {
  hop: Seconds;
  f0: Float32Array;
  voicing: Float32Array;
}

const CENTS_PER_STATE = 20;
const MIN_F0: Hz = 70;
const MAX_F0: Hz = 1000;
const HARMONICS = 20;
const HARMONIC_DECAY = 0.8;
/** A peak spreads over ±1 semitone of candidate F0s (cos² kernel), as in Melodia's salience. */
const SPREAD_STATES = 100 / CENTS_PER_STATE;
const KERNEL_STEPS = 1024;
/** cos²(π/2 · d) for d in −1..1, tabulated: the salience loop calls it millions of times. */
const KERNEL = Float32Array.from({ length: KERNEL_STEPS + 1 }, (_, i) => {
  const w = Math.cos((i / KERNEL_STEPS - 0.5) * Math.PI);
  return w * w;
});
const kernelAt = (d: number) => KERNEL[Math.round((d + 1) * 0.5 * KERNEL_STEPS)]!;
const STATES_PER_OCTAVE = 1200 / CENTS_PER_STATE;
/** log2(h) and log2(h − ½) in states, for h = 0..HARMONICS. */
const HARMONIC_STATES = Float64Array.from(
  { length: HARMONICS + 1 },
  (_, h) => Math.log2(Math.max(h, 1)) * STATES_PER_OCTAVE,
);
const HALF_HARMONIC_STATES = Float64Array.from(
  { length: HARMONICS + 1 },
  (_, h) => Math.log2(Math.max(h - 0.5, 0.5)) * STATES_PER_OCTAVE,
);
/** Candidate F0s a little past the grid's ends still spread into its edge states. */
const LOWEST_STATE = Math.log2(0.94) * STATES_PER_OCTAVE;
const HIGHEST_STATE = Math.log2((MAX_F0 * 1.06) / MIN_F0) * STATES_PER_OCTAVE;

export const MELODY_STATES = Math.floor((1200 * Math.log2(MAX_F0 / MIN_F0)) / CENTS_PER_STATE) + 1;
export const stateToHz = (state: number): Hz => MIN_F0 * 2 ** ((state * CENTS_PER_STATE) / 1200);

/**
 * Harmonic-summation pitch salience of one magnitude spectrum (Salamon & Gómez 2012, simplified):
 * spectral peaks (parabolic on log magnitude) vote for every F0 they could be a harmonic of,
 * weighted by 0.8^(h−1) and by an ear-like band weight so that bass and cymbals do not lead.
 */
export class SalienceFunction {
  private readonly binHz: Hz;
  private readonly firstBin: number;
  private readonly lastBin: number;
  private readonly bandWeight: Float32Array;

  constructor(sampleRate: Hz, frameSize: number) {
    this.binHz = sampleRate / frameSize;
    this.firstBin = Math.max(2, Math.floor(60 / this.binHz));
    this.lastBin = Math.min(frameSize / 2 - 1, Math.ceil(5000 / this.binHz));
    this.bandWeight = new Float32Array(frameSize / 2 + 1);
    for (let k = 0; k < this.bandWeight.length; k++) {
      const f = k * this.binHz;
      // Rough equal-loudness shape: a lead voice's energy sits in 200 Hz .. 4 kHz.
      const low = f < 250 ? (f / 250) ** 2 : 1;
      const high = f > 4000 ? 4000 / f : 1;
      this.bandWeight[k] = low * high;
    }
  }

  /**
   * `subharmonicPenalty` > 0 also lets each peak vote against the F0s it would lie halfway
   * between two harmonics of (f/(h − ½)): the octave above the true F0 loses the votes of the
   * odd harmonics, which is what drives Melodia's octave errors.
   */
  compute(magnitude: Float32Array, out: Float32Array, subharmonicPenalty = 0): void {
    out.fill(0);
    let frameMax = 0;
    for (let k = this.firstBin; k <= this.lastBin; k++) {
      const m = magnitude[k]! * this.bandWeight[k]!;
      if (m > frameMax) frameMax = m;
    }
    if (frameMax <= 1e-9) return;
    const floor = frameMax * 0.01;
    for (let k = this.firstBin; k <= this.lastBin; k++) {
      const b = magnitude[k]!;
      if (b <= magnitude[k - 1]! || b < magnitude[k + 1]!) continue;
      const weighted = b * this.bandWeight[k]!;
      if (weighted < floor) continue;
      const a = Math.log(magnitude[k - 1]! + 1e-12);
      const lb = Math.log(b + 1e-12);
      const c = Math.log(magnitude[k + 1]! + 1e-12);
      const denominator = a - 2 * lb + c;
      const delta = denominator < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denominator)) : 0;
      // In state units: a harmonic h of this peak sits log2(h) octaves below it.
      const peakState = Math.log2(((k + delta) * this.binHz) / MIN_F0) * STATES_PER_OCTAVE;
      let vote = weighted;
      for (let h = 1; h <= HARMONICS; h++, vote *= HARMONIC_DECAY) {
        if (subharmonicPenalty > 0)
          spread(out, peakState - HALF_HARMONIC_STATES[h]!, -subharmonicPenalty * vote);
        const centre = peakState - HARMONIC_STATES[h]!;
        if (centre < LOWEST_STATE) break;
        if (centre <= HIGHEST_STATE) spread(out, centre, vote);
      }
    }
    if (subharmonicPenalty > 0) for (let s = 0; s < MELODY_STATES; s++) out[s] = Math.max(0, out[s]!);
  }
}

/** Adds `amount` to the states within ±1 semitone of `centre` (cos² kernel). */
function spread(out: Float32Array, centre: number, amount: number): void {
  if (centre < LOWEST_STATE || centre > HIGHEST_STATE) return;
  const from = Math.max(0, Math.ceil(centre - SPREAD_STATES));
  const to = Math.min(MELODY_STATES - 1, Math.floor(centre + SPREAD_STATES));
  for (let s = from; s <= to; s++) out[s]! += amount * kernelAt((s - centre) / SPREAD_STATES);
}

export interface MelodyTrackingOptions {
  hop: Seconds;
  /** Salience (relative to the song's loud frames) under which a frame is called unvoiced. */
  voicingThreshold?: number;
  /** Log-score cost of one semitone of pitch change between frames. */
  semitoneCost?: number;
  /** Log-score cost of switching between voiced and unvoiced. */
  switchCost?: number;
}

/**
 * Melody contour through the salience rows (frames × MELODY_STATES, row-major) by Viterbi
 * decoding with a voiceless state: pitch moves cost in proportion to their size (an L1 distance
 * transform keeps each frame O(states)), and voicing turns on only where the salience clears a
 * threshold set from the song's own loud frames. F0 is refined between states by a parabola.
 */
export function trackMelody(
  salience: Float32Array,
  frames: number,
  options: MelodyTrackingOptions,
): LeadPitch {
  const S = MELODY_STATES;
  const threshold = options.voicingThreshold ?? 0.2;
  const lambda = (options.semitoneCost ?? 0.35) / (100 / CENTS_PER_STATE);
  const switchCost = options.switchCost ?? 1.5;
  const f0 = new Float32Array(frames);
  const voicing = new Float32Array(frames);
  if (frames === 0) return { hop: options.hop, f0, voicing };

  const peaks = new Float32Array(frames);
  for (let t = 0; t < frames; t++) {
    let m = 0;
    for (let s = 0; s < S; s++) m = Math.max(m, salience[t * S + s]!);
    peaks[t] = m;
  }
  const sortedPeaks = Float32Array.from(peaks).sort();
  const scale = Math.max(1e-9, sortedPeaks[Math.floor(0.9 * (frames - 1))]!);
  const epsilon = 1e-3;
  const score = (t: number, s: number) => Math.log(epsilon + salience[t * S + s]! / scale);
  const unvoicedScore = Math.log(epsilon + threshold);

  const back = new Int16Array(frames * (S + 1));
  let previous = new Float64Array(S + 1);
  let current = new Float64Array(S + 1);
  const best = new Float64Array(S);
  const from = new Int16Array(S);
  for (let s = 0; s < S; s++) previous[s] = score(0, s) - switchCost;
  previous[S] = unvoicedScore;
  for (let t = 1; t < frames; t++) {
    for (let s = 0; s < S; s++) {
      best[s] = previous[s]!;
      from[s] = s;
    }
    for (let s = 1; s < S; s++) {
      if (best[s - 1]! - lambda > best[s]!) {
        best[s] = best[s - 1]! - lambda;
        from[s] = from[s - 1]!;
      }
    }
    for (let s = S - 2; s >= 0; s--) {
      if (best[s + 1]! - lambda > best[s]!) {
        best[s] = best[s + 1]! - lambda;
        from[s] = from[s + 1]!;
      }
    }
    const fromUnvoiced = previous[S]! - switchCost;
    const row = t * (S + 1);
    for (let s = 0; s < S; s++) {
      if (fromUnvoiced > best[s]!) {
        current[s] = fromUnvoiced + score(t, s);
        back[row + s] = S;
      } else {
        current[s] = best[s]! + score(t, s);
        back[row + s] = from[s]!;
      }
    }
    let bestVoiced = -Infinity;
    let bestVoicedState = 0;
    for (let s = 0; s < S; s++) {
      if (previous[s]! > bestVoiced) {
        bestVoiced = previous[s]!;
        bestVoicedState = s;
      }
    }
    if (bestVoiced - switchCost > previous[S]!) {
      current[S] = bestVoiced - switchCost + unvoicedScore;
      back[row + S] = bestVoicedState;
    } else {
      current[S] = previous[S]! + unvoicedScore;
      back[row + S] = S;
    }
    [previous, current] = [current, previous];
  }
  let state = 0;
  for (let s = 1; s <= S; s++) if (previous[s]! > previous[state]!) state = s;
  for (let t = frames - 1; t >= 0; t--) {
    if (state < S) {
      const row = t * S;
      const y0 = salience[row + Math.max(0, state - 1)]!;
      const y1 = salience[row + state]!;
      const y2 = salience[row + Math.min(S - 1, state + 1)]!;
      const denominator = y0 - 2 * y1 + y2;
      const shift = denominator < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (y0 - y2)) / denominator)) : 0;
      f0[t] = stateToHz(state + shift);
      const relative = y1 / scale;
      voicing[t] = Math.min(1, Math.max(0, (relative - 0.5 * threshold) / (1.5 * threshold)));
    }
    if (t > 0) state = back[t * (S + 1) + state]!;
  }
  return { hop: options.hop, f0, voicing };
}
