import type { Hz } from '../units.ts';
import type { TimedWord } from '../voice/voice-backend.ts';
import { FRAME_HOP, melCepstra, speechMask, toFeatureRate } from './speech-features.ts';

/**
 * Measures for the voice method (evaluation and tests). Speaker similarity: a GMM-UBM
 * log-likelihood ratio on mel-cepstra c1..c19 (the classic text-independent speaker-verification
 * score). Content: frame accuracy of a phone recogniser trained on the TTS voices' own labelled
 * phones, with per-speaker cepstral normalisation so it hears phones, not speakers.
 */

export interface FrameSet {
  data: Float32Array;
  count: number;
  dims: number;
}

const SPEAKER_DIMS = 20;

/** Speech frames of a recording as c1..c19 (c0, the level, says nothing about who is speaking). */
export function speakerFrames(samples: Float32Array, sampleRate: Hz): FrameSet {
  const frames = melCepstra(toFeatureRate(samples, sampleRate), { dims: SPEAKER_DIMS });
  const mask = speechMask(frames.levelDb, 30);
  const dims = SPEAKER_DIMS - 1;
  const rows: number[] = [];
  for (let f = 0; f < frames.frameCount; f++) if (mask[f]) rows.push(f);
  const data = new Float32Array(rows.length * dims);
  rows.forEach((f, i) => {
    for (let d = 0; d < dims; d++) data[i * dims + d] = frames.cepstra[f * SPEAKER_DIMS + d + 1]!;
  });
  return { data, count: rows.length, dims };
}

export function concatFrames(sets: readonly FrameSet[]): FrameSet {
  const dims = sets[0]?.dims ?? 0;
  const count = sets.reduce((a, s) => a + s.count, 0);
  const data = new Float32Array(count * dims);
  let offset = 0;
  for (const s of sets) {
    data.set(s.data, offset);
    offset += s.data.length;
  }
  return { data, count, dims };
}

export interface DiagonalGmm {
  weights: Float64Array;
  means: Float64Array;
  variances: Float64Array;
  components: number;
  dims: number;
}

/** Per-frame log-likelihood of each component (without the weights' log). */
function componentLogs(gmm: DiagonalGmm, data: Float32Array, i: number, out: Float64Array): void {
  const { dims, components, means, variances } = gmm;
  for (let c = 0; c < components; c++) {
    let s = 0;
    let logDet = 0;
    for (let d = 0; d < dims; d++) {
      const v = variances[c * dims + d]!;
      const diff = data[i * dims + d]! - means[c * dims + d]!;
      s += (diff * diff) / v;
      logDet += Math.log(v);
    }
    out[c] = -0.5 * (s + logDet + dims * Math.log(2 * Math.PI));
  }
}

function logSumExp(values: Float64Array, weights: Float64Array): number {
  let max = -Infinity;
  for (let c = 0; c < values.length; c++) max = Math.max(max, values[c]! + Math.log(weights[c]!));
  let sum = 0;
  for (let c = 0; c < values.length; c++) sum += Math.exp(values[c]! + Math.log(weights[c]!) - max);
  return max + Math.log(sum);
}

/** Diagonal GMM by EM from evenly spaced initial means (deterministic). */
export function trainGmm(set: FrameSet, o: { components: number; iterations: number }): DiagonalGmm {
  const { dims, count, data } = set;
  const C = o.components;
  const means = new Float64Array(C * dims);
  const variances = new Float64Array(C * dims);
  const weights = new Float64Array(C).fill(1 / C);
  const globalMean = new Float64Array(dims);
  const globalVar = new Float64Array(dims);
  for (let i = 0; i < count; i++)
    for (let d = 0; d < dims; d++) globalMean[d]! += data[i * dims + d]! / count;
  for (let i = 0; i < count; i++)
    for (let d = 0; d < dims; d++) globalVar[d]! += (data[i * dims + d]! - globalMean[d]!) ** 2 / count;
  // Spread the initial means over the data (a fixed stride through the pooled frames).
  for (let c = 0; c < C; c++) {
    const i = Math.floor(((c + 0.5) * count) / C);
    for (let d = 0; d < dims; d++) {
      means[c * dims + d] = data[i * dims + d]!;
      variances[c * dims + d] = globalVar[d]!;
    }
  }
  const gmm = { weights, means, variances, components: C, dims };
  const logs = new Float64Array(C);
  for (let it = 0; it < o.iterations; it++) {
    const n = new Float64Array(C);
    const sx = new Float64Array(C * dims);
    const sxx = new Float64Array(C * dims);
    for (let i = 0; i < count; i++) {
      componentLogs(gmm, data, i, logs);
      const total = logSumExp(logs, weights);
      for (let c = 0; c < C; c++) {
        const r = Math.exp(logs[c]! + Math.log(weights[c]!) - total);
        if (r < 1e-6) continue;
        n[c]! += r;
        for (let d = 0; d < dims; d++) {
          const x = data[i * dims + d]!;
          sx[c * dims + d]! += r * x;
          sxx[c * dims + d]! += r * x * x;
        }
      }
    }
    for (let c = 0; c < C; c++) {
      weights[c] = Math.max(1e-4, n[c]! / count);
      if (n[c]! < 1) continue;
      for (let d = 0; d < dims; d++) {
        const m = sx[c * dims + d]! / n[c]!;
        means[c * dims + d] = m;
        // Floor at 1 % of the global variance: no component collapses onto a few frames.
        variances[c * dims + d] = Math.max(0.01 * globalVar[d]!, sxx[c * dims + d]! / n[c]! - m * m);
      }
    }
  }
  return gmm;
}

/** MAP adaptation of the means to a speaker (relevance factor 16, Reynolds et al. 2000). */
export function adaptGmm(ubm: DiagonalGmm, set: FrameSet, relevance = 16): DiagonalGmm {
  const { dims, components: C } = ubm;
  const n = new Float64Array(C);
  const sx = new Float64Array(C * dims);
  const logs = new Float64Array(C);
  for (let i = 0; i < set.count; i++) {
    componentLogs(ubm, set.data, i, logs);
    const total = logSumExp(logs, ubm.weights);
    for (let c = 0; c < C; c++) {
      const r = Math.exp(logs[c]! + Math.log(ubm.weights[c]!) - total);
      n[c]! += r;
      for (let d = 0; d < dims; d++) sx[c * dims + d]! += r * set.data[i * dims + d]!;
    }
  }
  const means = new Float64Array(ubm.means);
  for (let c = 0; c < C; c++) {
    if (n[c]! <= 0) continue;
    const alpha = n[c]! / (n[c]! + relevance);
    for (let d = 0; d < dims; d++)
      means[c * dims + d] = alpha * (sx[c * dims + d]! / n[c]!) + (1 - alpha) * ubm.means[c * dims + d]!;
  }
  return { ...ubm, means };
}

/** Mean per-frame log-likelihood ratio of a speaker model over the background: higher = more like them. */
export function speakerScore(o: { ubm: DiagonalGmm; speaker: DiagonalGmm; frames: FrameSet }): number {
  const a = new Float64Array(o.ubm.components);
  const b = new Float64Array(o.ubm.components);
  let total = 0;
  for (let i = 0; i < o.frames.count; i++) {
    componentLogs(o.speaker, o.frames.data, i, a);
    componentLogs(o.ubm, o.frames.data, i, b);
    total += logSumExp(a, o.speaker.weights) - logSumExp(b, o.ubm.weights);
  }
  return o.frames.count ? total / o.frames.count : 0;
}

// ---- Content: a small phone recogniser from the TTS voices' own labelled phones. ----

const PHONE_CEPS = 13;
export const SILENCE_PHONE = 'sil';

export interface LabelledUtterance {
  samples: Float32Array;
  sampleRate: Hz;
  words: readonly TimedWord[];
}

export interface PhoneFrames {
  data: Float32Array;
  count: number;
  dims: number;
  labels: string[];
}

/**
 * Frames of one speaker's utterances for phone recognition: c0..c12 normalised by that speaker's
 * own mean and spread over all the utterances (what is left is mostly the phone), plus deltas,
 * each labelled with the phone sounding at its centre.
 */
export function phoneFrames(
  utterances: readonly LabelledUtterance[],
  options: { warp?: number } = {},
): PhoneFrames {
  const rows: Float32Array[] = [];
  const labels: string[] = [];
  for (const u of utterances) {
    const frames = melCepstra(toFeatureRate(u.samples, u.sampleRate), {
      dims: PHONE_CEPS,
      warp: options.warp ?? 1,
    });
    const phones = u.words.flatMap((w) => w.phones);
    let p = 0;
    for (let f = 0; f < frames.frameCount; f++) {
      const t = f * FRAME_HOP;
      while (p < phones.length && phones[p]!.end <= t) p++;
      const phone = phones[p];
      labels.push(phone && phone.start <= t ? phone.phone : SILENCE_PHONE);
      rows.push(frames.cepstra.subarray(f * PHONE_CEPS, (f + 1) * PHONE_CEPS));
    }
  }
  const count = rows.length;
  const mean = new Float64Array(PHONE_CEPS);
  const variance = new Float64Array(PHONE_CEPS);
  for (const r of rows) for (let d = 0; d < PHONE_CEPS; d++) mean[d]! += r[d]! / count;
  for (const r of rows) for (let d = 0; d < PHONE_CEPS; d++) variance[d]! += (r[d]! - mean[d]!) ** 2 / count;
  const dims = 2 * PHONE_CEPS;
  const data = new Float32Array(count * dims);
  for (let i = 0; i < count; i++)
    for (let d = 0; d < PHONE_CEPS; d++)
      data[i * dims + d] = (rows[i]![d]! - mean[d]!) / Math.sqrt(variance[d]! + 1e-9);
  // Deltas by a ±2-frame regression (utterance joins blur two frames; negligible).
  for (let i = 0; i < count; i++)
    for (let d = 0; d < PHONE_CEPS; d++) {
      let s = 0;
      for (let k = 1; k <= 2; k++) {
        const a = Math.min(count - 1, i + k);
        const b = Math.max(0, i - k);
        s += k * (data[a * dims + d]! - data[b * dims + d]!);
      }
      data[i * dims + PHONE_CEPS + d] = s / 10;
    }
  return { data, count, dims, labels };
}

export interface PhoneRecognizer {
  phones: string[];
  means: Float64Array;
  variances: Float64Array;
  dims: number;
}

/** One diagonal Gaussian per phone, pooled over the training speakers. */
export function trainPhoneRecognizer(sets: readonly PhoneFrames[]): PhoneRecognizer {
  const dims = sets[0]!.dims;
  const phones = [...new Set(sets.flatMap((s) => s.labels))].sort();
  const at = new Map(phones.map((p, i) => [p, i]));
  const n = new Float64Array(phones.length);
  const sx = new Float64Array(phones.length * dims);
  const sxx = new Float64Array(phones.length * dims);
  for (const s of sets)
    for (let i = 0; i < s.count; i++) {
      const c = at.get(s.labels[i]!)!;
      n[c]!++;
      for (let d = 0; d < dims; d++) {
        const x = s.data[i * dims + d]!;
        sx[c * dims + d]! += x;
        sxx[c * dims + d]! += x * x;
      }
    }
  const means = new Float64Array(phones.length * dims);
  const variances = new Float64Array(phones.length * dims);
  for (let c = 0; c < phones.length; c++)
    for (let d = 0; d < dims; d++) {
      const m = sx[c * dims + d]! / Math.max(1, n[c]!);
      means[c * dims + d] = m;
      variances[c * dims + d] = Math.max(0.05, sxx[c * dims + d]! / Math.max(1, n[c]!) - m * m);
    }
  return { phones, means, variances, dims };
}

/**
 * Share of speech frames (not silence) the recogniser labels with the phone the text says is there,
 * scoring each frame with its ±1 neighbours (phones last several frames; single frames are noisy).
 */
export function phoneAccuracy(recognizer: PhoneRecognizer, frames: PhoneFrames): number {
  return scorePhones(recognizer, frames).accuracy;
}

const RECOGNITION_WARPS = [0.8, 0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.15, 1.2, 1.25];

/**
 * Phone accuracy after vocal-tract length normalisation, as speech recognisers do it: the frequency
 * warp under which the recogniser finds the speech most likely (labels unused) is chosen first, so
 * a voice with a shorter or longer vocal tract than the training voices is not mistaken for
 * unclear speech. What remains is whether the right sounds are there.
 */
export function recognizePhones(
  recognizer: PhoneRecognizer,
  utterances: readonly LabelledUtterance[],
): { accuracy: number; warp: number } {
  let best = { accuracy: 0, warp: 1, likelihood: -Infinity };
  for (const warp of RECOGNITION_WARPS) {
    const scored = scorePhones(recognizer, phoneFrames(utterances, { warp }));
    if (scored.likelihood > best.likelihood) best = { ...scored, warp };
  }
  return { accuracy: best.accuracy, warp: best.warp };
}

function scorePhones(
  recognizer: PhoneRecognizer,
  frames: PhoneFrames,
): { accuracy: number; likelihood: number } {
  const { phones, means, variances, dims } = recognizer;
  const P = phones.length;
  const scores = new Float64Array(frames.count * P);
  for (let i = 0; i < frames.count; i++)
    for (let c = 0; c < P; c++) {
      let s = 0;
      for (let d = 0; d < dims; d++) {
        const v = variances[c * dims + d]!;
        const diff = frames.data[i * dims + d]! - means[c * dims + d]!;
        s += (diff * diff) / v + Math.log(v);
      }
      scores[i * P + c] = -0.5 * s;
    }
  let right = 0;
  let total = 0;
  let likelihood = 0;
  for (let i = 0; i < frames.count; i++) {
    const label = frames.labels[i]!;
    if (label === SILENCE_PHONE) continue;
    let best = -1;
    let bestScore = -Infinity;
    for (let c = 0; c < P; c++) {
      let s = 0;
      for (let k = -1; k <= 1; k++) {
        const j = Math.min(frames.count - 1, Math.max(0, i + k));
        s += scores[j * P + c]!;
      }
      if (s > bestScore) {
        bestScore = s;
        best = c;
      }
    }
    total++;
    likelihood += bestScore;
    if (phones[best] === label) right++;
  }
  return { accuracy: total ? right / total : 0, likelihood: total ? likelihood / total : -Infinity };
}

/**
 * Mel-cepstral distance between the mean cepstra (c1..c19) of two recordings, in dB: a plain,
 * text-independent speaker distance (long-term spectral envelope; pitch shows in the upper terms).
 */
export function cepstralMeanDistance(a: FrameSet, b: FrameSet): number {
  const dims = a.dims;
  let sum = 0;
  for (let d = 0; d < dims; d++) {
    let ma = 0;
    let mb = 0;
    for (let i = 0; i < a.count; i++) ma += a.data[i * dims + d]!;
    for (let i = 0; i < b.count; i++) mb += b.data[i * dims + d]!;
    sum += (ma / Math.max(1, a.count) - mb / Math.max(1, b.count)) ** 2;
  }
  return (10 / Math.LN10) * Math.sqrt(2 * sum);
}
