import type { Hz, Seconds } from '../units.ts';
import { Fft } from '../dsp/fft.ts';
import { resample } from '../dsp/resampler.ts';

export interface PitchTrack {
  /** Seconds between frames. */
  hop: Seconds;
  /** f0 per frame, 0 where unvoiced. */
  frequencies: Float32Array;
  /** 1 - the CMNDF minimum: near 1 for clean periodic frames. */
  confidences: Float32Array;
}

export interface PitchOptions {
  sampleRate: Hz;
  minFrequency?: Hz;
  maxFrequency?: Hz;
  /** YIN absolute threshold on the cumulative-mean-normalised difference. */
  threshold?: number;
  /** Frames quieter than this RMS are unvoiced without analysis. */
  silenceRms?: number;
}

const ANALYSIS_RATE = 16000;
const WINDOW = 1024;
const HOP = 160;

/**
 * YIN (de Cheveigné & Kawahara 2002) with the difference function computed from FFT
 * autocorrelations, at 16 kHz (speech and singing f0 live far below 8 kHz). 10 ms hop.
 */
export function trackPitch(signal: Float32Array, options: PitchOptions): PitchTrack {
  const {
    sampleRate,
    minFrequency = 60,
    maxFrequency = 1000,
    threshold = 0.15,
    silenceRms = 0.003,
  } = options;
  const x = sampleRate === ANALYSIS_RATE ? signal : resample(signal, sampleRate, ANALYSIS_RATE);
  const W = WINDOW / 2;
  const maxLag = Math.min(W - 1, Math.ceil(ANALYSIS_RATE / minFrequency));
  const minLag = Math.max(2, Math.floor(ANALYSIS_RATE / maxFrequency));
  const frames = Math.max(0, Math.floor((x.length - WINDOW) / HOP) + 1);
  const frequencies = new Float32Array(frames);
  const confidences = new Float32Array(frames);
  const fftSize = 2 * WINDOW;
  const fft = new Fft(fftSize);
  const aRe = new Float64Array(fftSize);
  const aIm = new Float64Array(fftSize);
  const bRe = new Float64Array(fftSize);
  const bIm = new Float64Array(fftSize);
  const d = new Float64Array(maxLag + 1);
  const prefix = new Float64Array(WINDOW + 1);
  for (let f = 0; f < frames; f++) {
    const start = f * HOP;
    let energy = 0;
    for (let i = 0; i < WINDOW; i++) energy += x[start + i]! ** 2;
    if (Math.sqrt(energy / WINDOW) < silenceRms) continue;
    // r(τ) = Σ_{j<W} x[j]·x[j+τ]: cross-correlation of the first half with the whole frame.
    aRe.fill(0);
    aIm.fill(0);
    bRe.fill(0);
    bIm.fill(0);
    for (let i = 0; i < W; i++) aRe[i] = x[start + i]!;
    for (let i = 0; i < WINDOW; i++) bRe[i] = x[start + i]!;
    fft.transform(aRe, aIm);
    fft.transform(bRe, bIm);
    // conj(A)·B, then inverse via the forward transform of the conjugate.
    for (let k = 0; k < fftSize; k++) {
      const re = aRe[k]! * bRe[k]! + aIm[k]! * bIm[k]!;
      const im = aRe[k]! * bIm[k]! - aIm[k]! * bRe[k]!;
      aRe[k] = re;
      aIm[k] = -im;
    }
    fft.transform(aRe, aIm);
    prefix[0] = 0;
    for (let i = 0; i < WINDOW; i++) prefix[i + 1] = prefix[i]! + x[start + i]! ** 2;
    const e0 = prefix[W]!;
    d[0] = 0;
    for (let tau = 1; tau <= maxLag; tau++) {
      const r = aRe[tau]! / fftSize;
      const eTau = prefix[tau + W]! - prefix[tau]!;
      d[tau] = e0 + eTau - 2 * r;
    }
    // Cumulative mean normalised difference, then the first dip under the threshold.
    let running = 0;
    let best = -1;
    let bestValue = Infinity;
    for (let tau = 1; tau <= maxLag; tau++) {
      running += d[tau]!;
      d[tau] = running > 0 ? (d[tau]! * tau) / running : 1;
    }
    for (let tau = minLag; tau <= maxLag; tau++) {
      if (d[tau]! < threshold) {
        while (tau + 1 <= maxLag && d[tau + 1]! < d[tau]!) tau++;
        best = tau;
        bestValue = d[tau]!;
        break;
      }
      if (d[tau]! < bestValue) {
        bestValue = d[tau]!;
      }
    }
    if (best < 0) continue;
    // Parabolic interpolation around the dip for sub-sample lag.
    const a = d[best - 1] ?? d[best]!;
    const b = d[best]!;
    const c = d[best + 1] ?? d[best]!;
    const denom = a - 2 * b + c;
    const shift = denom !== 0 ? (0.5 * (a - c)) / denom : 0;
    frequencies[f] = ANALYSIS_RATE / (best + Math.max(-0.5, Math.min(0.5, shift)));
    confidences[f] = 1 - bestValue;
  }
  return { hop: HOP / ANALYSIS_RATE, frequencies, confidences };
}

export function pitchSummary(track: PitchTrack): {
  voicedSeconds: Seconds;
  minHz: Hz;
  maxHz: Hz;
  medianHz: Hz;
} {
  const voiced = Array.from(track.frequencies)
    .filter((f) => f > 0)
    .sort((a, b) => a - b);
  if (voiced.length === 0) return { voicedSeconds: 0, minHz: 0, maxHz: 0, medianHz: 0 };
  // 5th/95th percentiles: single-frame octave errors should not define a singer's range.
  const at = (q: number) => voiced[Math.min(voiced.length - 1, Math.floor(q * voiced.length))]!;
  return { voicedSeconds: voiced.length * track.hop, minHz: at(0.05), maxHz: at(0.95), medianHz: at(0.5) };
}
