import type { Hz, Seconds } from '../units.ts';

export interface SpikeSmootherOptions {
  sampleRate: Hz;
  /** Peak-to-local-RMS ratio allowed before a peak is taken down. */
  crest?: number;
  /** Window of the local RMS, centred on each sample. */
  window?: Seconds;
}

/**
 * Takes down isolated peaks that stand far above the signal around them (a TTS's pulse excitation
 * leaves single-sample spikes that read as clicks and eat headroom). The gain follows the local
 * RMS over ~10 ms, reaches its dip over ~1 ms and recovers as fast, so only the spike moves; voiced
 * sound, whose crest factor sits well below the limit, passes untouched. Processes in place.
 */
export function smoothSpikes(
  x: Float32Array,
  { sampleRate, crest = 4, window = 0.01 }: SpikeSmootherOptions,
): Float32Array {
  const n = x.length;
  if (n === 0) return x;
  const half = Math.max(1, Math.round((window * sampleRate) / 2));
  const squares = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) squares[i + 1] = squares[i]! + x[i]! * x[i]!;
  const gain = new Float32Array(n).fill(1);
  let any = false;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half);
    const rms = Math.sqrt(Math.max(0, squares[b]! - squares[a]!) / (b - a));
    const peak = Math.abs(x[i]!);
    if (peak > crest * rms && peak > 1e-4) {
      gain[i] = (crest * rms) / peak;
      any = true;
    }
  }
  if (!any) return x;
  // Spread each dip over ±1 ms (minimum filter, then a raised-cosine ramp) so no new edge appears.
  const spread = Math.max(1, Math.round(0.001 * sampleRate));
  const smooth = new Float32Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    const g = gain[i]!;
    if (g >= 1) continue;
    for (let k = -spread; k <= spread; k++) {
      const j = i + k;
      if (j < 0 || j >= n) continue;
      const w = 0.5 + 0.5 * Math.cos((Math.PI * k) / (spread + 1));
      const v = 1 - (1 - g) * w;
      if (v < smooth[j]!) smooth[j] = v;
    }
  }
  for (let i = 0; i < n; i++) x[i]! *= smooth[i]!;
  return x;
}

/** Samples standing more than `ratio` times above the RMS of the 10 ms around them, per minute. */
export function spikesPerMinute(x: Float32Array, sampleRate: Hz, ratio = 6): number {
  const n = x.length;
  if (n === 0) return 0;
  const half = Math.round(0.005 * sampleRate);
  const squares = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) squares[i + 1] = squares[i]! + x[i]! * x[i]!;
  let spikes = 0;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half);
    const rms = Math.sqrt(Math.max(0, squares[b]! - squares[a]!) / (b - a));
    if (Math.abs(x[i]!) > ratio * rms && rms > 1e-5) {
      spikes++;
      i += half;
    }
  }
  return spikes / (n / sampleRate / 60);
}
