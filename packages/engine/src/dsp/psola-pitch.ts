import type { Hz, Seconds } from '../units.ts';
import { Biquad } from './biquad-filter.ts';

export interface PsolaOptions {
  sampleRate: Hz;
  /** Roughly where the input's fundamental sits (a monotone voice): guides the period search. */
  expectedF0: Hz;
  /** The fundamental wanted at each time (seconds from the first sample); 0 keeps the input's own. */
  targetF0(time: Seconds): Hz;
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
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      let norm = 0;
      for (let i = at; i < at + frame; i++) {
        c += x[i]! * x[i + lag]!;
        norm += x[i + lag]! * x[i + lag]!;
      }
      const r = c / Math.sqrt(e * norm + 1e-12);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
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

/**
 * Time-domain pitch-synchronous overlap-add: one-period grains of the input, each Hann-windowed
 * around its pitch mark, laid down again one target period apart. Time and the vocal tract's
 * resonances (formants) stay where they were; only the fundamental follows the target. Suited to
 * a voice sung on one note by the TTS and given its melody afterwards.
 */
export function psolaPitch(x: Float32Array, options: PsolaOptions): Float32Array {
  const { sampleRate } = options;
  const n = x.length;
  const out = new Float32Array(n);
  if (n === 0) return out;
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
      out[dst]! += x[src]! * w * gain;
    }
    t += outPeriod;
  }
  return out;
}
