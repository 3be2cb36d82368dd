import type { Hz, Samples, Seconds, Semitones } from '../units.ts';
import { normalizedCorrelation } from './psola-pitch.ts';

export interface PitchHoldOptions {
  sampleRate: Hz;
  /** The one fundamental the voice was asked to say everything on. */
  f0: Hz;
  /** Largest correction either way: a period further off is not a droop of this note. */
  maxCorrection?: Semitones;
  /**
   * Smallest correction made: a frame closer to the note than this is left as it is (a key's
   * notes are heard in tune within about 50 cents).
   */
  tolerance?: Semitones;
  /** Furthest the held voice may run ahead of or behind the input. */
  maxDrift?: Seconds;
}

/** Frames quieter than this share of the loudest frame are a pause. */
const QUIET = 0.03;
/** Normalised autocorrelation a frame needs at its period to count as voiced. */
const VOICED = 0.75;
/** How much faster or slower an unvoiced sound is read while the voice catches up with its timings. */
const HISS_CATCH_UP = 0.05;
const PAUSE_CATCH_UP = 0.5;

/**
 * A voice asked to say a whole line on one note, held on that note where it droops. Flite said on a
 * monotone still sinks 50-100 cents going into a voiced consonant ("g", "v", "th", "d") and
 * overshoots 40-80 coming out (slt on 220 Hz: Praat and an autocorrelation agree), so a sung
 * line's consonants and the vowel edges beside them read off the key. Every 5 ms the period near
 * the note is measured and the voice is read faster or slower there to bring it back: every
 * partial moves together, the formants by the same few percent for a few tens of milliseconds.
 * What the reading gains or loses in time is given back where the voice is unvoiced or silent, and
 * never grows past `maxDrift`, so the phone timings still hold. Unvoiced sound, and voiced sound
 * already on the note, are copied sample for sample.
 */
export function holdPitch(samples: Float32Array, options: PitchHoldOptions): Float32Array {
  const { sampleRate, f0, maxCorrection = 1.5, tolerance = 0.35, maxDrift = 0.003 } = options;
  const period = sampleRate / f0;
  const hop = Math.max(1, Math.round(0.005 * sampleRate));
  const window = Math.max(Math.round(0.012 * sampleRate), Math.ceil(2 * period));
  const span = 2 ** (maxCorrection / 12);
  const minLag = Math.max(2, Math.floor(period / span));
  const maxLag = Math.ceil(period * span);
  const frames = Math.max(1, Math.ceil(samples.length / hop));
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const a = f * hop - (window >> 1);
    let e = 0;
    for (let i = Math.max(0, a); i < Math.min(samples.length, a + window); i++) e += samples[i]! ** 2;
    energy[f] = e;
  }
  const loudest = energy.reduce((a, b) => Math.max(a, b), 0);
  const pause = Uint8Array.from(energy, (e) => (e <= QUIET * loudest ? 1 : 0));
  // Each voiced frame's read rate: its period over the note's (a flat frame is read faster).
  const rate = new Float64Array(frames).fill(NaN);
  for (let f = 0; f < frames; f++) {
    const a = f * hop - (window >> 1);
    if (a < 1 || a + window + maxLag + 2 >= samples.length || pause[f]) continue;
    const measured = periodAt(samples, a, window, energy[f]!, minLag, maxLag);
    if (measured) rate[f] = measured / period;
  }
  // One odd frame between voiced ones is a misreading, not a droop.
  const held = Float64Array.from(rate, (r, f) => {
    const near = [rate[f - 1], r, rate[f + 1]].filter((x): x is number => x !== undefined && !isNaN(x));
    return isNaN(r) || near.length < 2 ? r : near.sort((x, y) => x - y)[near.length >> 1]!;
  });

  const out = new Float32Array(samples.length);
  const drift: Samples = maxDrift * sampleRate;
  const closeEnough = 2 ** (tolerance / 12) - 1;
  let read = 0;
  for (let n = 0; n < samples.length; n++) {
    out[n] = read === n ? samples[n]! : lanczosAt(samples, read);
    const at = n / hop;
    const f = Math.floor(at);
    const r0 = held[f]!;
    const r1 = held[Math.min(frames - 1, f + 1)]!;
    let step: number;
    if (isNaN(r0) || isNaN(r1)) {
      // Unvoiced: back to the input's own samples (fast in a pause, slowly in a hiss: read 5 %
      // faster, an "s" is 5 % higher), landing on them exactly.
      const most = pause[f] ? PAUSE_CATCH_UP : HISS_CATCH_UP;
      step = Math.max(1 - most, Math.min(1 + most, n + 1 - read));
    } else {
      step = r0 + (at - f) * (r1 - r0);
      if (read === n && Math.abs(step - 1) < closeEnough) step = 1;
      // Hold the note unless that would carry the voice further from its timings.
      const ahead = read - n;
      if ((ahead > drift && step > 1) || (ahead < -drift && step < 1)) step = 1;
    }
    read += step;
  }
  return out;
}

/** The period (fractional samples) of `x[a, a + length)` between the lags, or 0 if not voiced. */
function periodAt(
  x: Float32Array,
  a: number,
  length: number,
  energy: number,
  minLag: number,
  maxLag: number,
): number {
  const r = new Float64Array(maxLag + 2);
  let bestLag = 0;
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    r[lag] = normalizedCorrelation(x, a, length, energy, lag);
    if (lag >= minLag && lag <= maxLag && (bestLag === 0 || r[lag]! > r[bestLag]!)) bestLag = lag;
  }
  if (bestLag === 0 || r[bestLag]! < VOICED) return 0;
  // A peak at an edge of the range is not one: the period lies outside what is corrected.
  if (r[bestLag - 1]! > r[bestLag]! || r[bestLag + 1]! > r[bestLag]!) return 0;
  const [y0, y1, y2] = [r[bestLag - 1]!, r[bestLag]!, r[bestLag + 1]!];
  const curve = y0 - 2 * y1 + y2;
  return bestLag + (curve < 0 ? (0.5 * (y0 - y2)) / curve : 0);
}

const LOBES = 6;

/** `x` read at a fractional position through a Lanczos kernel (6 lobes), 0 outside it. */
function lanczosAt(x: Float32Array, t: number): number {
  const i = Math.floor(t);
  const f = t - i;
  let sum = 0;
  let weights = 0;
  for (let k = 1 - LOBES; k <= LOBES; k++) {
    const d = k - f;
    const w =
      Math.abs(d) < 1e-9
        ? 1
        : (LOBES * Math.sin(Math.PI * d) * Math.sin((Math.PI * d) / LOBES)) / (Math.PI * Math.PI * d * d);
    const j = i + k;
    if (j >= 0 && j < x.length) sum += w * x[j]!;
    weights += w;
  }
  return sum / weights;
}
