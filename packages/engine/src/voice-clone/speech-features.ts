import type { Hz, Seconds } from '../units.ts';
import { Fft, hannWindow } from '../dsp/fft.ts';
import { resample } from '../dsp/resampler.ts';

/** Every voice-clone feature is computed at 16 kHz: the TTS voices are 16 kHz, and so is speech's phonetic detail. */
export const FEATURE_RATE: Hz = 16000;
/** 10 ms frames; frame f is centred on f * FRAME_HOP. */
export const FRAME_HOP: Seconds = 0.01;
const HOP_SAMPLES = 160;
const WINDOW = 512;
const MEL_BANDS = 40;
const LOW_HZ = 70;
const HIGH_HZ = 7600;

export interface CepstralFrames {
  /** frameCount x dims, row-major; c0 (log energy) first. */
  cepstra: Float32Array;
  frameCount: number;
  dims: number;
  /** Frame energy in dB (RMS of the unwindowed frame). */
  levelDb: Float32Array;
}

const mel = (f: number) => 2595 * Math.log10(1 + f / 700);
const melToHz = (m: number) => 700 * (10 ** (m / 2595) - 1);

interface Filterbank {
  /** First FFT bin and weights of each band. */
  start: Int32Array;
  weights: Float32Array[];
}

const filterbanks = new Map<string, Filterbank>();

/**
 * Triangular mel bands. `warp` scales the frequency axis (vocal-tract length normalisation): a band
 * meant for frequency f reads the spectrum at f / warp, so warp > 1 treats the voice as having
 * a longer vocal tract (its formants are read as if they were higher).
 */
function filterbank(warp: number): Filterbank {
  const key = warp.toFixed(4);
  const cached = filterbanks.get(key);
  if (cached) return cached;
  const bins = WINDOW / 2 + 1;
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    Math.min(
      FEATURE_RATE / 2 - 1,
      melToHz(mel(LOW_HZ) + ((mel(HIGH_HZ) - mel(LOW_HZ)) * i) / (MEL_BANDS + 1)) / warp,
    ),
  );
  const start = new Int32Array(MEL_BANDS);
  const weights: Float32Array[] = [];
  for (let b = 0; b < MEL_BANDS; b++) {
    const lo = edges[b]!;
    const mid = edges[b + 1]!;
    const hi = edges[b + 2]!;
    const k0 = Math.max(0, Math.floor((lo * WINDOW) / FEATURE_RATE));
    const k1 = Math.min(bins - 1, Math.ceil((hi * WINDOW) / FEATURE_RATE));
    const w = new Float32Array(k1 - k0 + 1);
    for (let k = k0; k <= k1; k++) {
      const f = (k * FEATURE_RATE) / WINDOW;
      w[k - k0] = f <= lo || f >= hi ? 0 : f <= mid ? (f - lo) / (mid - lo) : (hi - f) / (hi - mid);
    }
    start[b] = k0;
    weights.push(w);
  }
  const bank = { start, weights };
  filterbanks.set(key, bank);
  return bank;
}

export const toFeatureRate = (samples: Float32Array, sampleRate: Hz): Float32Array =>
  sampleRate === FEATURE_RATE ? samples : resample(samples, sampleRate, FEATURE_RATE);

/**
 * Mel-frequency cepstra of a 16 kHz signal on 10 ms frames (32 ms Hann window, pre-emphasis 0.97).
 * The cepstra of a voice carry both what is said (the low coefficients' movement) and who says
 * it (their long-term means and the higher coefficients).
 */
export function melCepstra(
  signal: Float32Array,
  options: { dims?: number; warp?: number } = {},
): CepstralFrames {
  const dims = options.dims ?? 20;
  const bank = filterbank(options.warp ?? 1);
  const frameCount = Math.max(0, Math.ceil(signal.length / HOP_SAMPLES));
  const cepstra = new Float32Array(frameCount * dims);
  const levelDb = new Float32Array(frameCount);
  const fft = new Fft(WINDOW);
  const window = hannWindow(WINDOW);
  const re = new Float64Array(WINDOW);
  const im = new Float64Array(WINDOW);
  const logMel = new Float64Array(MEL_BANDS);
  const dct = dctTable(dims);
  for (let f = 0; f < frameCount; f++) {
    const centre = f * HOP_SAMPLES;
    let energy = 0;
    let previous = signal[centre - WINDOW / 2 - 1] ?? 0;
    for (let i = 0; i < WINDOW; i++) {
      const x = signal[centre - WINDOW / 2 + i] ?? 0;
      energy += x * x;
      re[i] = (x - 0.97 * previous) * window[i]!;
      im[i] = 0;
      previous = x;
    }
    levelDb[f] = 10 * Math.log10(energy / WINDOW + 1e-10);
    fft.transform(re, im);
    for (let b = 0; b < MEL_BANDS; b++) {
      const w = bank.weights[b]!;
      const k0 = bank.start[b]!;
      let sum = 0;
      for (let k = 0; k < w.length; k++) sum += w[k]! * (re[k0 + k]! ** 2 + im[k0 + k]! ** 2);
      // A floor 100 dB under full scale keeps digital silence from dominating the cepstra.
      logMel[b] = Math.log(sum + 1e-6);
    }
    for (let c = 0; c < dims; c++) {
      let s = 0;
      for (let b = 0; b < MEL_BANDS; b++) s += dct[c * MEL_BANDS + b]! * logMel[b]!;
      cepstra[f * dims + c] = s;
    }
  }
  return { cepstra, frameCount, dims, levelDb };
}

/** Centre frequency of each mel band of the (unwarped) filterbank. */
export function melBandCentres(): Float32Array {
  return Float32Array.from({ length: MEL_BANDS }, (_, b) =>
    melToHz(mel(LOW_HZ) + ((mel(HIGH_HZ) - mel(LOW_HZ)) * (b + 1)) / (MEL_BANDS + 1)),
  );
}

/**
 * Log mel energies (natural log of power, one per band) that a cepstral difference stands for:
 * the inverse of the DCT above, for c1 and up (c0 is level, which the caller sets separately).
 */
export function cepstraToLogMel(cepstra: Float32Array, dims: number): Float32Array {
  const dct = dctTable(dims);
  const out = new Float32Array(MEL_BANDS);
  for (let b = 0; b < MEL_BANDS; b++) {
    let s = 0;
    for (let c = 1; c < dims; c++) s += dct[c * MEL_BANDS + b]! * cepstra[c]!;
    out[b] = s;
  }
  return out;
}

const dctTables = new Map<number, Float64Array>();
function dctTable(dims: number): Float64Array {
  let t = dctTables.get(dims);
  if (!t) {
    t = new Float64Array(dims * MEL_BANDS);
    for (let c = 0; c < dims; c++)
      for (let b = 0; b < MEL_BANDS; b++)
        t[c * MEL_BANDS + b] = Math.sqrt(2 / MEL_BANDS) * Math.cos((Math.PI * c * (b + 0.5)) / MEL_BANDS);
    dctTables.set(dims, t);
  }
  return t;
}

const PITCH_RATE = 8000;

/**
 * Normalised autocorrelation pitch per 10 ms frame (40 ms window, 8 kHz after a 2:1 average), the
 * highest peak in [minHz, maxHz] or the shortest-lag peak nearly as high (so a period's double is
 * not taken); voiced when the peak reaches `threshold` and the frame is within 45 dB of the loudest.
 */
function autocorrelationPitch(
  signal: Float32Array,
  frameCount: number,
  o: { minHz: Hz; maxHz: Hz; threshold: number },
): Float32Array {
  const x = new Float32Array(signal.length >> 1);
  for (let i = 0; i < x.length; i++) x[i] = 0.5 * (signal[2 * i]! + signal[2 * i + 1]!);
  const size = Math.round(0.04 * PITCH_RATE);
  const hop = PITCH_RATE * FRAME_HOP;
  const minLag = Math.max(2, Math.floor(PITCH_RATE / o.maxHz));
  const maxLag = Math.min(size - 2, Math.ceil(PITCH_RATE / o.minHz));
  const energy = new Float64Array(frameCount);
  let loudest = 0;
  for (let f = 0; f < frameCount; f++) {
    const start = Math.round(f * hop - size / 2);
    let e = 0;
    for (let i = 0; i < size; i++) e += (x[start + i] ?? 0) ** 2;
    energy[f] = e;
    loudest = Math.max(loudest, e);
  }
  const out = new Float32Array(frameCount);
  const r = new Float64Array(maxLag + 2);
  for (let f = 0; f < frameCount; f++) {
    if (energy[f]! < loudest * 10 ** -4.5 || energy[f]! === 0) continue;
    const start = Math.round(f * hop - size / 2);
    const half = size - maxLag;
    let e0 = 0;
    for (let i = 0; i < half; i++) e0 += (x[start + i] ?? 0) ** 2;
    let best = 0;
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      let c = 0;
      let el = 0;
      for (let i = 0; i < half; i++) {
        const a = x[start + i] ?? 0;
        const b = x[start + i + lag] ?? 0;
        c += a * b;
        el += b * b;
      }
      r[lag] = c / Math.sqrt(e0 * el + 1e-20);
      if (lag >= minLag && lag <= maxLag) best = Math.max(best, r[lag]!);
    }
    if (best < o.threshold) continue;
    for (let lag = minLag; lag <= maxLag; lag++) {
      if (r[lag]! >= 0.9 * best && r[lag]! >= r[lag - 1]! && r[lag]! >= r[lag + 1]!) {
        const denom = r[lag - 1]! - 2 * r[lag]! + r[lag + 1]!;
        const shift = denom !== 0 ? (0.5 * (r[lag - 1]! - r[lag + 1]!)) / denom : 0;
        out[f] = PITCH_RATE / (lag + Math.max(-0.5, Math.min(0.5, shift)));
        break;
      }
    }
  }
  return out;
}

/**
 * f0 per 10 ms feature frame (0 where unvoiced), by normalised autocorrelation, with isolated
 * octave jumps pulled back by a 5-frame median on voiced runs. Two passes: a strict one finds the
 * voice's register, a lenient one within an octave of it finds the voicing — the engine's YIN
 * tracker misses most of a diphone voice's (the source voices' too), which then came out as noise
 * grains, a buzz at the grain rate and voicing breaks.
 */
export function pitchAtFrames(signal: Float32Array, frameCount: number): Float32Array {
  const strict = autocorrelationPitch(signal, frameCount, { minHz: 60, maxHz: 500, threshold: 0.7 });
  const voiced = Array.from(strict)
    .filter((f) => f > 0)
    .sort((a, b) => a - b);
  const register = voiced[voiced.length >> 1] ?? 120;
  const out = autocorrelationPitch(signal, frameCount, {
    minHz: Math.max(50, register / 2),
    maxHz: Math.min(600, register * 2),
    threshold: 0.45,
  });
  const smoothed = out.slice();
  for (let f = 0; f < frameCount; f++) {
    if (out[f]! <= 0) continue;
    const around: number[] = [];
    for (let k = -2; k <= 2; k++) {
      const v = out[f + k] ?? 0;
      if (v > 0) around.push(v);
    }
    around.sort((a, b) => a - b);
    smoothed[f] = around[around.length >> 1]!;
  }
  // A single voiced frame between unvoiced ones is a tracker blip, not a voiced sound.
  for (let f = 0; f < frameCount; f++)
    if (smoothed[f]! > 0 && !((smoothed[f - 1] ?? 0) > 0) && !((smoothed[f + 1] ?? 0) > 0)) smoothed[f] = 0;
  return smoothed;
}

/** Frames that carry speech: within `rangeDb` of the loud end (95th percentile) of the recording. */
export function speechMask(levelDb: Float32Array, rangeDb = 35): Uint8Array {
  const sorted = Array.from(levelDb).sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  return Uint8Array.from(levelDb, (l) => (l > loud - rangeDb ? 1 : 0));
}

/** Mean and standard deviation per dimension over the masked frames. */
export function frameStats(
  frames: CepstralFrames,
  mask?: Uint8Array,
): { mean: Float32Array; std: Float32Array } {
  const { dims, frameCount, cepstra } = frames;
  const mean = new Float64Array(dims);
  const square = new Float64Array(dims);
  let n = 0;
  for (let f = 0; f < frameCount; f++) {
    if (mask && !mask[f]) continue;
    n++;
    for (let d = 0; d < dims; d++) {
      const v = cepstra[f * dims + d]!;
      mean[d]! += v;
      square[d]! += v * v;
    }
  }
  const outMean = new Float32Array(dims);
  const outStd = new Float32Array(dims);
  for (let d = 0; d < dims; d++) {
    const m = n ? mean[d]! / n : 0;
    outMean[d] = m;
    outStd[d] = Math.sqrt(Math.max(1e-6, n ? square[d]! / n - m * m : 1));
  }
  return { mean: outMean, std: outStd };
}
