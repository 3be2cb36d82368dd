import type { CepstralFrames } from './speech-features.ts';

/**
 * Weight of each cepstral coefficient when frames of two voices are compared for what is being
 * said: c1..c12 carry the vocal-tract shape of the phone; c0 (level) a little; higher ones mostly
 * pitch harmonics and speaker detail, which must not steer the match.
 */
export function matchWeights(dims: number): Float32Array {
  return Float32Array.from({ length: dims }, (_, d) => (d === 0 ? 0.3 : d <= 12 ? 1 : 0));
}

/** Per-speaker cepstral mean and variance normalisation: removes much of who is speaking, keeps what. */
export function normalizeFrames(
  frames: CepstralFrames,
  stats: { mean: Float32Array; std: Float32Array },
): Float32Array {
  const { dims, frameCount, cepstra } = frames;
  const out = new Float32Array(frameCount * dims);
  for (let f = 0; f < frameCount; f++)
    for (let d = 0; d < dims; d++)
      out[f * dims + d] = (cepstra[f * dims + d]! - stats.mean[d]!) / stats.std[d]!;
  return out;
}

/** Mean distance from (every `stride`-th masked) query frame to its nearest masked index frame. */
export function nearestDistanceMean(o: {
  query: Float32Array;
  queryMask: Uint8Array;
  index: Float32Array;
  indexMask: Uint8Array;
  dims: number;
  stride?: number;
}): number {
  const { dims } = o;
  const w = matchWeights(dims);
  const used = Array.from(o.indexMask.keys()).filter((f) => o.indexMask[f]);
  let total = 0;
  let count = 0;
  for (let q = 0; q < o.queryMask.length; q += o.stride ?? 1) {
    if (!o.queryMask[q]) continue;
    let best = Infinity;
    for (const f of used) {
      let d = 0;
      for (let k = 0; k < dims && d < best; k++) {
        const diff = o.query[q * dims + k]! - o.index[f * dims + k]!;
        d += w[k]! * diff * diff;
      }
      if (d < best) best = d;
    }
    total += best;
    count++;
  }
  return count ? total / count : Infinity;
}

/** Phone ids shared by queries and recordings (Flite's ARPAbet); 0 = unknown or pause. */
export const PHONE_SET = [
  'pau',
  'aa',
  'ae',
  'ah',
  'ao',
  'aw',
  'ax',
  'axr',
  'ay',
  'b',
  'ch',
  'd',
  'dh',
  'eh',
  'er',
  'ey',
  'f',
  'g',
  'hh',
  'ih',
  'iy',
  'jh',
  'k',
  'l',
  'm',
  'n',
  'ng',
  'ow',
  'oy',
  'p',
  'r',
  's',
  'sh',
  't',
  'th',
  'uh',
  'uw',
  'v',
  'w',
  'y',
  'z',
  'zh',
] as const;
const PHONE_ID = new Map<string, number>(PHONE_SET.map((p, i) => [p, i]));
export const phoneId = (phone: string): number => PHONE_ID.get(phone) ?? 0;

/** Phone id sounding at the centre of each 10 ms frame, from timed phones. */
export function phoneTrack(
  phones: readonly { phone: string; start: number; end: number }[],
  frameCount: number,
  hop: number,
): Uint8Array {
  const out = new Uint8Array(frameCount);
  let p = 0;
  for (let f = 0; f < frameCount; f++) {
    const t = f * hop;
    while (p < phones.length && phones[p]!.end <= t) p++;
    const phone = phones[p];
    if (phone && phone.start <= t) out[f] = phoneId(phone.phone);
  }
  return out;
}

export interface SelectionQuery {
  /** Source frames, normalised like the index (row-major, `dims` wide). */
  frames: Float32Array;
  frameCount: number;
  /** Output f0 wanted at each frame (0 = unvoiced). */
  f0: Float32Array;
  /** Phone ids of the source frames (from the TTS timings). */
  phones?: Uint8Array | undefined;
}

export interface SelectionIndex {
  frames: Float32Array;
  frameCount: number;
  dims: number;
  f0: Float32Array;
  speech: Uint8Array;
  /**
   * From a guided reading: the source voice's own frame aligned with each recorded frame (same
   * normalisation as the query). Source-to-source comparison is far more reliable than comparing
   * two voices, so when present it leads the match.
   */
  paired?: Float32Array | undefined;
  /** Guided reading only: the phone the person was saying in each recorded frame. */
  phones?: Uint8Array | undefined;
}

export interface SelectionOptions {
  /** Candidates kept per source frame for the path search. */
  candidates?: number;
  /** Cost of jumping to a non-adjacent frame of the recording (in mean squared cepstral units). */
  jumpCost?: number;
  /** Cost per octave (squared) between the wanted pitch and the exemplar's. */
  pitchCost?: number;
  /** Cost of a voiced source frame taking an unvoiced exemplar, or the other way round. */
  voicingCost?: number;
  /** With a guided reading: weight of the direct (cross-voice) comparison beside the paired one. */
  crossWeight?: number;
  /** Cost of taking a recorded frame labelled with another phone than the source frame's. */
  phoneCost?: number;
}

const CONTEXT = [
  [-2, 0.5],
  [-1, 0.8],
  [0, 1],
  [1, 0.8],
  [2, 0.5],
] as const;

/**
 * Exemplar selection (the kNN-VC idea with features computable here): for each source frame, the
 * recorded frames of the person whose normalised cepstra over a ±20 ms context are nearest, with
 * matching voicing and nearby pitch; then a Viterbi path through those candidates that prefers
 * runs of consecutive recorded frames, so the output keeps the person's own transitions.
 * Returns the chosen recorded frame per source frame.
 */
export function selectExemplars(
  query: SelectionQuery,
  index: SelectionIndex,
  options: SelectionOptions = {},
): Int32Array {
  const { dims } = index;
  const K = options.candidates ?? 10;
  const jumpCost = options.jumpCost ?? 1.5;
  const pitchCost = options.pitchCost ?? 4;
  const voicingCost = options.voicingCost ?? 3;
  const phoneCost = options.phoneCost ?? 2;
  const labelled = query.phones && index.phones ? { q: query.phones, f: index.phones } : undefined;
  const w = matchWeights(dims);
  const active = Array.from(w.keys()).filter((d) => w[d]! > 0);
  const n = query.frameCount;
  const m = index.frameCount;
  // Frame distances for every (source, recorded) pair: one pass, then contexts are diagonal sums.
  const D = new Float32Array(n * m);
  const paired = index.paired;
  const cross = paired ? (options.crossWeight ?? 0.3) : 1;
  const pairedShare = paired ? 1 : 0;
  const norm = 1 / (cross + pairedShare);
  for (let q = 0; q < n; q++) {
    const row = q * m;
    for (let f = 0; f < m; f++) {
      let d = 0;
      let p = 0;
      for (const k of active) {
        const x = query.frames[q * dims + k]!;
        const diff = x - index.frames[f * dims + k]!;
        d += w[k]! * diff * diff;
        if (paired) {
          const pd = x - paired[f * dims + k]!;
          p += w[k]! * pd * pd;
        }
      }
      D[row + f] = (cross * d + pairedShare * p) * norm;
    }
  }
  const weightSum = active.reduce((a, k) => a + w[k]!, 0);
  const candidates = new Int32Array(n * K).fill(-1);
  const costs = new Float32Array(n * K).fill(Infinity);
  const rowCost = new Float32Array(m);
  for (let q = 0; q < n; q++) {
    for (let f = 0; f < m; f++) {
      if (!index.speech[f]) {
        rowCost[f] = Infinity;
        continue;
      }
      let sum = 0;
      let weights = 0;
      for (const [k, weight] of CONTEXT) {
        const qq = q + k;
        const ff = f + k;
        if (qq < 0 || qq >= n || ff < 0 || ff >= m) continue;
        sum += weight * D[qq * m + ff]!;
        weights += weight;
      }
      let cost = sum / weights / weightSum;
      const want = query.f0[q]!;
      const have = index.f0[f]!;
      if (want > 0 !== have > 0) cost += voicingCost;
      else if (want > 0) cost += pitchCost * Math.log2(want / have) ** 2;
      if (labelled) {
        const a = labelled.q[q]!;
        if (a && a !== labelled.f[f]) cost += phoneCost;
      }
      rowCost[f] = cost;
    }
    // Top K by insertion into a small sorted list.
    const base = q * K;
    for (let f = 0; f < m; f++) {
      const c = rowCost[f]!;
      if (!(c < costs[base + K - 1]!)) continue;
      let j = K - 1;
      while (j > 0 && costs[base + j - 1]! > c) {
        costs[base + j] = costs[base + j - 1]!;
        candidates[base + j] = candidates[base + j - 1]!;
        j--;
      }
      costs[base + j] = c;
      candidates[base + j] = f;
    }
  }
  // Viterbi over the candidates: staying on consecutive recorded frames is free.
  const total = new Float32Array(n * K);
  const back = new Int32Array(n * K);
  for (let j = 0; j < K; j++) total[j] = costs[j]!;
  for (let q = 1; q < n; q++) {
    for (let j = 0; j < K; j++) {
      const c = candidates[q * K + j]!;
      let best = Infinity;
      let arg = 0;
      for (let i = 0; i < K; i++) {
        const p = candidates[(q - 1) * K + i]!;
        const step = c - p;
        const jump = step === 1 ? 0 : step === 0 || step === 2 ? 0.3 * jumpCost : jumpCost;
        const t = total[(q - 1) * K + i]! + jump;
        if (t < best) {
          best = t;
          arg = i;
        }
      }
      total[q * K + j] = best + costs[q * K + j]!;
      back[q * K + j] = arg;
    }
  }
  const path = new Int32Array(n);
  let j = 0;
  for (let i = 1; i < K; i++) if (total[(n - 1) * K + i]! < total[(n - 1) * K + j]!) j = i;
  for (let q = n - 1; q >= 0; q--) {
    path[q] = candidates[q * K + j]!;
    if (q > 0) j = back[q * K + j]!;
  }
  return path;
}
