import type { Hz, Seconds } from '../units.ts';
import { Fft, hannWindow } from '../dsp/fft.ts';

export interface OnsetOptions {
  sampleRate: Hz;
  frameSize?: number;
  hop?: number;
  /** Peaks must exceed the local median flux by this factor of the flux's spread. */
  sensitivity?: number;
  /** Two onsets closer than this are one. */
  minGap?: Seconds;
}

/**
 * Onsets by log-magnitude spectral flux (positive differences only), adaptive median threshold
 * and peak picking. Good for syllables and drum hits alike.
 */
export function detectOnsets(signal: Float32Array, options: OnsetOptions): Seconds[] {
  const { sampleRate, frameSize = 1024, hop = 256, sensitivity = 1.2, minGap = 0.06 } = options;
  const flux = spectralFlux(signal, sampleRate, frameSize, hop);
  const times: Seconds[] = [];
  const half = 8;
  let lastTime = -Infinity;
  const globalMean = flux.reduce((a, b) => a + b, 0) / Math.max(1, flux.length);
  for (let i = 1; i + 1 < flux.length; i++) {
    const v = flux[i]!;
    if (v < flux[i - 1]! || v < flux[i + 1]!) continue;
    const window = Array.from(flux.subarray(Math.max(0, i - half), Math.min(flux.length, i + half + 1))).sort(
      (a, b) => a - b,
    );
    const median = window[window.length >> 1]!;
    if (v < median + sensitivity * globalMean) continue;
    // Frame i covers [i*hop, i*hop+frameSize); the rise is near its centre minus half a hop.
    const t = (i * hop + frameSize / 2 - hop / 2) / sampleRate;
    if (t - lastTime < minGap) continue;
    times.push(t);
    lastTime = t;
  }
  return times;
}

export function spectralFlux(
  signal: Float32Array,
  sampleRate: Hz,
  frameSize = 1024,
  hop = 256,
): Float64Array {
  const fft = new Fft(frameSize);
  const window = hannWindow(frameSize);
  const frames = Math.max(0, Math.floor((signal.length - frameSize) / hop) + 1);
  const flux = new Float64Array(frames);
  let previous = new Float64Array(frameSize / 2 + 1);
  let current = new Float64Array(frameSize / 2 + 1);
  const maxBin = Math.min(frameSize / 2, Math.round((12000 / sampleRate) * frameSize));
  for (let f = 0; f < frames; f++) {
    fft.magnitudes(signal.subarray(f * hop, f * hop + frameSize), window, current);
    let sum = 0;
    for (let k = 1; k <= maxBin; k++) {
      const d = Math.log1p(100 * current[k]!) - Math.log1p(100 * previous[k]!);
      if (d > 0) sum += d;
    }
    flux[f] = f === 0 ? 0 : sum;
    [previous, current] = [current, previous];
  }
  return flux;
}
