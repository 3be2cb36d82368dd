import type { Hz, Seconds } from '../units.ts';
import { Biquad } from './biquad-filter.ts';

export interface PsolaOptions {
  sampleRate: Hz;
  /** Roughly where the input's fundamental sits (a monotone voice): guides the period search. */
  expectedF0: Hz;
  /** The fundamental wanted at each time (seconds from the first sample); 0 keeps the input's own. */
  targetF0(time: Seconds): Hz;
  /** Shift only voiced sound and pass the rest through (default true). */
  voicedOnly?: boolean;
}

/**
 * The normalised autocorrelation of `x[at, at + length)` (whose energy is `energy`) with itself
 * `lag` samples later: 1 for a waveform that repeats exactly at that lag.
 */
export function normalizedCorrelation(
  x: Float32Array,
  at: number,
  length: number,
  energy: number,
  lag: number,
): number {
  let c = 0;
  let norm = 0;
  for (let i = at; i < at + length; i++) {
    c += x[i]! * x[i + lag]!;
    norm += x[i + lag]! * x[i + lag]!;
  }
  return c / Math.sqrt(energy * norm + 1e-12);
}

/** The highest normalised autocorrelation from `minLag` to `maxLag` samples, and that lag. */
function bestCorrelation(
  x: Float32Array,
  at: number,
  length: number,
  energy: number,
  minLag: number,
  maxLag: number,
): { best: number; bestLag: number } {
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const r = normalizedCorrelation(x, at, length, energy, lag);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return { best, bestLag };
}

/**
 * Median fundamental of a near-monotone voice by autocorrelation of its loudest frames, searched
 * within half an octave either side of the expected pitch; the expected pitch when none is found.
 */
export function estimateF0(x: Float32Array, sampleRate: Hz, expected: Hz): Hz {
  const frame = 2048;
  const minLag = Math.floor(sampleRate / (expected * 1.45));
  const maxLag = Math.min(frame - 1, Math.ceil(sampleRate / (expected / 1.45)));
  const energies: { at: number; e: number }[] = [];
  for (let at = 0; at + frame + maxLag < x.length; at += frame) {
    let e = 0;
    for (let i = at; i < at + frame; i++) e += x[i]! * x[i]!;
    energies.push({ at, e });
  }
  energies.sort((a, b) => b.e - a.e);
  const lags: number[] = [];
  for (const { at, e } of energies.slice(0, 12)) {
    if (e <= 0) break;
    const { best, bestLag } = bestCorrelation(x, at, frame, e, minLag, maxLag);
    if (best > 0.5) lags.push(bestLag);
  }
  if (lags.length === 0) return expected;
  lags.sort((a, b) => a - b);
  return sampleRate / lags[lags.length >> 1]!;
}

/**
 * Pitch marks one period apart on the positive peaks of the fundamental (the input low-passed near
 * its F0), so every grain cut around a mark holds one glottal cycle in the same phase.
 */
export function pitchMarks(x: Float32Array, sampleRate: Hz, f0: Hz): Int32Array {
  const period = sampleRate / f0;
  const low = x.slice();
  new Biquad({ type: 'lowpass', frequency: f0 * 1.4, sampleRate, q: 0.7 }).process(low);
  new Biquad({ type: 'lowpass', frequency: f0 * 1.4, sampleRate, q: 0.7 }).process(low);
  const marks: number[] = [];
  let m = 0;
  let best = -Infinity;
  for (let i = 0; i < Math.min(x.length, Math.round(period)); i++)
    if (low[i]! > best) {
      best = low[i]!;
      m = i;
    }
  while (m < x.length) {
    marks.push(m);
    const from = m + Math.round(0.8 * period);
    const to = Math.min(x.length - 1, m + Math.round(1.25 * period));
    if (from > to) break;
    let next = m + Math.round(period);
    let peak = -Infinity;
    for (let i = from; i <= to; i++)
      if (low[i]! > peak) {
        peak = low[i]!;
        next = i;
      }
    m = next;
  }
  return Int32Array.from(marks);
}

/** Hop of the voicing decision. */
const VOICING_HOP: Seconds = 0.005;
/** Normalised autocorrelation at the voice's period above which a frame is voiced. */
const VOICED_CORRELATION = 0.5;
/** Frames quieter than this under the loudest are never voiced (breath, reverb, the floor). */
const VOICED_FLOOR_DB = 45;
/** Cross-fade between the shifted voice and the untouched input where voicing starts or stops. */
const VOICING_FADE: Seconds = 0.006;

/**
 * How voiced the input is at each sample (0..1): frames whose normalised autocorrelation near the
 * voice's period is high and that are not near silence, a three-frame majority against flicker,
 * then ramps of `VOICING_FADE`. A monotone TTS voice is periodic at `f0` wherever it is voiced, so
 * one lag range serves the whole line.
 */
export function voicingMask(x: Float32Array, sampleRate: Hz, f0: Hz): Float32Array {
  const n = x.length;
  const hop = Math.max(1, Math.round(VOICING_HOP * sampleRate));
  const period = sampleRate / f0;
  const minLag = Math.max(2, Math.floor(period * 0.8));
  const maxLag = Math.ceil(period * 1.25);
  const win = Math.round(2 * period);
  const frames = Math.ceil(n / hop);
  const energy = new Float64Array(frames);
  const corr = new Float64Array(frames);
  let loudest = 0;
  for (let f = 0; f < frames; f++) {
    const a = Math.max(0, f * hop - (win >> 1));
    if (a + win + maxLag >= n) continue;
    let e = 0;
    for (let i = a; i < a + win; i++) e += x[i]! * x[i]!;
    energy[f] = e;
    loudest = Math.max(loudest, e);
    if (e <= 0) continue;
    corr[f] = bestCorrelation(x, a, win, e, minLag, maxLag).best;
  }
  const floor = loudest * 10 ** (-VOICED_FLOOR_DB / 10);
  const raw = new Uint8Array(frames);
  for (let f = 0; f < frames; f++) raw[f] = corr[f]! > VOICED_CORRELATION && energy[f]! > floor ? 1 : 0;
  const voiced = raw.map((v, f) => (v + (raw[f - 1] ?? v) + (raw[f + 1] ?? v) >= 2 ? 1 : 0));
  const mask = new Float32Array(n);
  for (let i = 0; i < n; i++) mask[i] = voiced[Math.min(frames - 1, Math.floor(i / hop))]!;
  // Symmetric ramps: a moving average of the hard mask over the fade length.
  const fade = Math.max(1, Math.round(VOICING_FADE * sampleRate));
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + mask[i]!;
  const half = fade >> 1;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half + 1);
    mask[i] = (prefix[b]! - prefix[a]!) / (b - a);
  }
  return mask;
}

/**
 * Time-domain pitch-synchronous overlap-add: one-period grains of the input, each Hann-windowed
 * around its pitch mark, laid down again one target period apart. Time and the vocal tract's
 * resonances (formants) stay where they were; only the fundamental follows the target. Suited to
 * a voice sung on one note by the TTS and given its melody afterwards. Only voiced sound is
 * shifted: consonants, breath and silence pass through untouched (cross-faded where voicing
 * starts and stops), since grains of hiss or a stop's burst laid one sung period apart buzz at the
 * note and blur the consonant (Aria Bloom: the recogniser lost 0.44 of her words placed and
 * spoken, 0.64 once every sample went through the shifter).
 */
export function psolaPitch(x: Float32Array, options: PsolaOptions): Float32Array {
  const { sampleRate } = options;
  const n = x.length;
  const shifted = new Float32Array(n);
  if (n === 0) return shifted;
  const f0 = estimateF0(x, sampleRate, options.expectedF0);
  const marks = pitchMarks(x, sampleRate, f0);
  const fallbackPeriod = sampleRate / f0;
  let k = 0;
  let t = marks[0] ?? 0;
  while (t < n) {
    while (k + 1 < marks.length && Math.abs(marks[k + 1]! - t) <= Math.abs(marks[k]! - t)) k++;
    const centre = marks[k]!;
    const period =
      k + 1 < marks.length
        ? marks[k + 1]! - centre
        : k > 0
          ? centre - marks[k - 1]!
          : Math.round(fallbackPeriod);
    const target = options.targetF0(t / sampleRate);
    const outPeriod = target > 0 ? sampleRate / target : period;
    // Hann grains of half-width `period` overlap period/outPeriod times: scale back to unity.
    const gain = Math.min(1.5, outPeriod / period);
    const at = Math.round(t);
    for (let j = -period + 1; j < period; j++) {
      const src = centre + j;
      const dst = at + j;
      if (src < 0 || src >= n || dst < 0 || dst >= n) continue;
      const w = 0.5 + 0.5 * Math.cos((Math.PI * j) / period);
      shifted[dst]! += x[src]! * w * gain;
    }
    t += outPeriod;
  }
  if (options.voicedOnly === false) return shifted;
  const mask = voicingMask(x, sampleRate, f0);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = mask[i]! * shifted[i]! + (1 - mask[i]!) * x[i]!;
  return out;
}
