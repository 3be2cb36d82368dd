/**
 * Speaker similarity for evaluations, written apart from the engine on purpose: nothing here is
 * shared with the AI singer's frame selection (src/voice-clone/), so a method cannot score well by
 * matching the features it was selected on.
 *
 * Features: 20 MFCCs (c1..c20 of 32 mel bands, 25 ms Hamming window, 10 ms hop, 16 kHz) plus
 * their deltas (±2 frames), speech frames only, mean and variance normalised per utterance.
 * Model: the classic GMM-UBM verifier — a 64-component diagonal GMM trained on many other voices
 * (never the target), the target's model MAP-adapted from it (means only), and the average
 * per-frame log-likelihood ratio as the score.
 */
import type { Hz } from '../../src/units.ts';
import { resample } from '../../src/dsp/resampler.ts';

export interface Utterance {
  samples: Float32Array;
  sampleRate: Hz;
}

/** Frames in rows of `dims` values. */
export interface FeatureMatrix {
  data: Float32Array;
  count: number;
  dims: number;
}

const RATE: Hz = 16000;
const WINDOW = 400;
const HOP = 160;
const FFT_SIZE = 512;
const BANDS = 32;
const CEPSTRA = 20;
const DELTA_REACH = 2;
export const FEATURE_DIMS = CEPSTRA * 2;

// ---- Spectra: a small radix-2 FFT of its own, so no engine code sits under the measure. ----

export function fftInPlace(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a]! += tr;
        im[a]! += ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

const hzToMel = (f: number) => 1127 * Math.log(1 + f / 700);
const melToHz = (m: number) => 700 * (Math.exp(m / 1127) - 1);

const MEL_BANK: { first: number; weights: Float64Array }[] = (() => {
  const lo = hzToMel(100);
  const hi = hzToMel(7800);
  const edges = Array.from({ length: BANDS + 2 }, (_, i) => melToHz(lo + ((hi - lo) * i) / (BANDS + 1)));
  return Array.from({ length: BANDS }, (_, b) => {
    const [left, centre, right] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
    const first = Math.floor((left / RATE) * FFT_SIZE);
    const last = Math.ceil((right / RATE) * FFT_SIZE);
    const weights = new Float64Array(last - first + 1);
    for (let k = first; k <= last; k++) {
      const f = (k * RATE) / FFT_SIZE;
      weights[k - first] = Math.max(
        0,
        f < centre ? (f - left) / (centre - left) : (right - f) / (right - centre),
      );
    }
    return { first, weights };
  });
})();

const HAMMING = Float64Array.from(
  { length: WINDOW },
  (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (WINDOW - 1)),
);

/**
 * MFCC 20 + deltas of the speech frames of one utterance, normalised per utterance (CMVN), so
 * level, microphone tilt and loudness of the take do not count; the voice's own shape does.
 */
export function speakerFeatures(utterance: Utterance): FeatureMatrix {
  const x =
    utterance.sampleRate === RATE
      ? utterance.samples
      : resample(utterance.samples, utterance.sampleRate, RATE);
  const frameCount = Math.max(0, Math.floor((x.length - WINDOW) / HOP) + 1);
  const cepstra = new Float64Array(frameCount * CEPSTRA);
  const energy = new Float64Array(frameCount);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const logMel = new Float64Array(BANDS);
  for (let f = 0; f < frameCount; f++) {
    re.fill(0);
    im.fill(0);
    let e = 0;
    for (let i = 0; i < WINDOW; i++) {
      const s = x[f * HOP + i]!;
      e += s * s;
      re[i] = (s - 0.97 * (x[f * HOP + i - 1] ?? 0)) * HAMMING[i]!;
    }
    energy[f] = 10 * Math.log10(e / WINDOW + 1e-12);
    fftInPlace(re, im);
    for (let b = 0; b < BANDS; b++) {
      const { first, weights } = MEL_BANK[b]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++)
        sum += weights[k]! * (re[first + k]! ** 2 + im[first + k]! ** 2);
      logMel[b] = Math.log(sum + 1e-8);
    }
    for (let c = 0; c < CEPSTRA; c++) {
      let s = 0;
      for (let b = 0; b < BANDS; b++) s += logMel[b]! * Math.cos((Math.PI * (c + 1) * (b + 0.5)) / BANDS);
      cepstra[f * CEPSTRA + c] = s;
    }
  }
  // Speech frames: within 30 dB of the loud end of the take and above digital silence.
  const sorted = Array.from(energy).sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const keep: number[] = [];
  for (let f = 0; f < frameCount; f++) if (energy[f]! > loud - 30 && energy[f]! > -70) keep.push(f);
  const dims = FEATURE_DIMS;
  const data = new Float32Array(keep.length * dims);
  const norm = (DELTA_REACH * (DELTA_REACH + 1) * (2 * DELTA_REACH + 1)) / 3;
  keep.forEach((f, row) => {
    for (let c = 0; c < CEPSTRA; c++) {
      data[row * dims + c] = cepstra[f * CEPSTRA + c]!;
      let delta = 0;
      for (let k = 1; k <= DELTA_REACH; k++) {
        const ahead = cepstra[Math.min(frameCount - 1, f + k) * CEPSTRA + c]!;
        const behind = cepstra[Math.max(0, f - k) * CEPSTRA + c]!;
        delta += k * (ahead - behind);
      }
      data[row * dims + CEPSTRA + c] = delta / norm;
    }
  });
  const features = { data, count: keep.length, dims };
  normalizeInPlace(features);
  return features;
}

function normalizeInPlace(m: FeatureMatrix): void {
  const { data, count, dims } = m;
  if (count < 2) return;
  for (let d = 0; d < dims; d++) {
    let sum = 0;
    let square = 0;
    for (let i = 0; i < count; i++) {
      const v = data[i * dims + d]!;
      sum += v;
      square += v * v;
    }
    const mean = sum / count;
    const std = Math.sqrt(Math.max(1e-8, square / count - mean * mean));
    for (let i = 0; i < count; i++) data[i * dims + d] = (data[i * dims + d]! - mean) / std;
  }
}

export function stackFeatures(sets: readonly FeatureMatrix[]): FeatureMatrix {
  const dims = sets[0]?.dims ?? FEATURE_DIMS;
  const count = sets.reduce((a, s) => a + s.count, 0);
  const data = new Float32Array(count * dims);
  let offset = 0;
  for (const s of sets) {
    data.set(s.data, offset);
    offset += s.data.length;
  }
  return { data, count, dims };
}

// ---- Diagonal GMMs: the universal background model, MAP adaptation, scoring. ----

export interface Gmm {
  components: number;
  dims: number;
  weights: Float64Array;
  means: Float64Array;
  variances: Float64Array;
}

const VARIANCE_FLOOR = 1e-3;

/** log p(x | component) + log weight for every component, into `out`; returns log p(x). */
function frameLogLikelihood(gmm: Gmm, data: Float32Array, row: number, out: Float64Array): number {
  const { components, dims, weights, means, variances } = gmm;
  let best = -Infinity;
  for (let c = 0; c < components; c++) {
    let s = 0;
    let logDet = 0;
    for (let d = 0; d < dims; d++) {
      const v = variances[c * dims + d]!;
      const diff = data[row * dims + d]! - means[c * dims + d]!;
      s += (diff * diff) / v;
      logDet += Math.log(v);
    }
    const l = Math.log(weights[c]!) - 0.5 * (s + logDet + dims * Math.log(2 * Math.PI));
    out[c] = l;
    if (l > best) best = l;
  }
  let total = 0;
  for (let c = 0; c < components; c++) total += Math.exp(out[c]! - best);
  return best + Math.log(total);
}

/** A small deterministic generator, so the background model (and every score) is repeatable. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * Trains the universal background model by EM from frames spread over the background (k-means++
 * style seeding on a subsample). The background must never hold the voices it will judge.
 */
export function trainBackgroundModel(
  background: FeatureMatrix,
  options: { components?: number; iterations?: number; seed?: number } = {},
): Gmm {
  const components = options.components ?? 64;
  const iterations = options.iterations ?? 12;
  const { data, count, dims } = background;
  if (count < components * 4) throw new Error(`The background has too few frames (${count}).`);
  const next = random(options.seed ?? 7);
  const means = new Float64Array(components * dims);
  // Seeding: each new mean is a frame far from the chosen ones (sampled by squared distance).
  const sample = Array.from({ length: Math.min(count, 4000) }, () => Math.floor(next() * count));
  const nearest = new Float64Array(sample.length).fill(Infinity);
  let chosen = sample[0]!;
  for (let c = 0; c < components; c++) {
    for (let d = 0; d < dims; d++) means[c * dims + d] = data[chosen * dims + d]!;
    let total = 0;
    sample.forEach((row, i) => {
      let s = 0;
      for (let d = 0; d < dims; d++) s += (data[row * dims + d]! - means[c * dims + d]!) ** 2;
      nearest[i] = Math.min(nearest[i]!, s);
      total += nearest[i]!;
    });
    let pick = next() * total;
    for (let i = 0; i < sample.length; i++) {
      pick -= nearest[i]!;
      if (pick <= 0) {
        chosen = sample[i]!;
        break;
      }
    }
  }
  const gmm: Gmm = {
    components,
    dims,
    weights: new Float64Array(components).fill(1 / components),
    means,
    variances: new Float64Array(components * dims).fill(1),
  };
  const posterior = new Float64Array(components);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const n = new Float64Array(components);
    const first = new Float64Array(components * dims);
    const second = new Float64Array(components * dims);
    for (let i = 0; i < count; i++) {
      const total = frameLogLikelihood(gmm, data, i, posterior);
      for (let c = 0; c < components; c++) {
        const p = Math.exp(posterior[c]! - total);
        if (p < 1e-6) continue;
        n[c]! += p;
        for (let d = 0; d < dims; d++) {
          const v = data[i * dims + d]!;
          first[c * dims + d]! += p * v;
          second[c * dims + d]! += p * v * v;
        }
      }
    }
    for (let c = 0; c < components; c++) {
      // A component that lost its frames is kept where it was rather than divided by nothing.
      if (n[c]! < 1e-3) continue;
      gmm.weights[c] = Math.max(1e-5, n[c]! / count);
      for (let d = 0; d < dims; d++) {
        const mean = first[c * dims + d]! / n[c]!;
        gmm.means[c * dims + d] = mean;
        gmm.variances[c * dims + d] = Math.max(VARIANCE_FLOOR, second[c * dims + d]! / n[c]! - mean * mean);
      }
    }
    const sum = gmm.weights.reduce((a, b) => a + b, 0);
    for (let c = 0; c < components; c++) gmm.weights[c]! /= sum;
  }
  return gmm;
}

/** The target's model: the background's means MAP-adapted to the target's frames (relevance 16). */
export function adaptSpeakerModel(ubm: Gmm, frames: FeatureMatrix, relevance = 16): Gmm {
  const { components, dims } = ubm;
  const n = new Float64Array(components);
  const first = new Float64Array(components * dims);
  const posterior = new Float64Array(components);
  for (let i = 0; i < frames.count; i++) {
    const total = frameLogLikelihood(ubm, frames.data, i, posterior);
    for (let c = 0; c < components; c++) {
      const p = Math.exp(posterior[c]! - total);
      n[c]! += p;
      for (let d = 0; d < dims; d++) first[c * dims + d]! += p * frames.data[i * dims + d]!;
    }
  }
  const means = new Float64Array(ubm.means);
  for (let c = 0; c < components; c++) {
    if (n[c]! <= 0) continue;
    const alpha = n[c]! / (n[c]! + relevance);
    for (let d = 0; d < dims; d++)
      means[c * dims + d] = alpha * (first[c * dims + d]! / n[c]!) + (1 - alpha) * ubm.means[c * dims + d]!;
  }
  return { ...ubm, means };
}

/** Average per-frame log-likelihood ratio of the frames under the speaker's model against the background. */
export function llrScore(ubm: Gmm, speaker: Gmm, frames: FeatureMatrix): number {
  if (frames.count === 0) return Number.NaN;
  const scratch = new Float64Array(ubm.components);
  let sum = 0;
  for (let i = 0; i < frames.count; i++)
    sum +=
      frameLogLikelihood(speaker, frames.data, i, scratch) - frameLogLikelihood(ubm, frames.data, i, scratch);
  return sum / frames.count;
}

/**
 * A verifier over one background: enrol a target from its own recordings, then score any
 * recordings against it. Utterances are normalised one by one (per-utterance CMVN).
 */
export class SpeakerVerifier {
  readonly ubm: Gmm;

  constructor(options: { background: readonly Utterance[]; components?: number; iterations?: number }) {
    // Every other frame is plenty for 64 components and halves the training time.
    const all = stackFeatures(options.background.map(speakerFeatures));
    const rows = Math.ceil(all.count / 2);
    const data = new Float32Array(rows * all.dims);
    for (let i = 0; i < rows; i++)
      data.set(all.data.subarray(2 * i * all.dims, (2 * i + 1) * all.dims), i * all.dims);
    this.ubm = trainBackgroundModel(
      { data, count: rows, dims: all.dims },
      {
        ...(options.components ? { components: options.components } : {}),
        ...(options.iterations ? { iterations: options.iterations } : {}),
      },
    );
  }

  enrol(utterances: readonly Utterance[]): Gmm {
    return adaptSpeakerModel(this.ubm, stackFeatures(utterances.map(speakerFeatures)));
  }

  score(speaker: Gmm, utterances: readonly Utterance[]): number {
    return llrScore(this.ubm, speaker, stackFeatures(utterances.map(speakerFeatures)));
  }
}

/**
 * Share of the way from the source voice to the target that the converted voice covers, on any
 * similarity score (higher = more like the target): 0 = no closer than the source, 1 = as close
 * as the target's own other recordings.
 */
export function gapClosed(target: number, converted: number, source: number): number {
  return (converted - source) / (target - source);
}
