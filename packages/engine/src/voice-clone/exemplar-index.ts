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
  /**
   * Cost of a recorded frame whose neighbouring phone differs from the source frame's (the one
   * before for the first half of a phone, the one after for the second half): a vowel cut from
   * beside the same consonant carries that consonant's transition, which is where words are heard.
   */
  contextCost?: number;
  /** Extra candidates per frame: the next recorded frame after each of the previous frame's candidates. */
  continuations?: number;
  /** Jump cost where the source moves to its next phone (a unit join); jumpCost applies inside phones. */
  boundaryJumpCost?: number;
}

/** For each frame of a phone track: the phone before and after its run, and where in the run it sits (0..1). */
export function phoneContext(phones: Uint8Array): {
  previous: Uint8Array;
  next: Uint8Array;
  position: Float32Array;
} {
  const n = phones.length;
  const previous = new Uint8Array(n);
  const next = new Uint8Array(n);
  const position = new Float32Array(n);
  let start = 0;
  while (start < n) {
    let end = start;
    while (end + 1 < n && phones[end + 1] === phones[start]) end++;
    const before = start > 0 ? phones[start - 1]! : 0;
    const after = end + 1 < n ? phones[end + 1]! : 0;
    for (let f = start; f <= end; f++) {
      previous[f] = before;
      next[f] = after;
      position[f] = (f - start + 0.5) / (end - start + 1);
    }
    start = end + 1;
  }
  return { previous, next, position };
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
  const contextCost = options.contextCost ?? 0;
  const boundaryJumpCost = options.boundaryJumpCost ?? jumpCost;
  const labelled = query.phones && index.phones ? { q: query.phones, f: index.phones } : undefined;
  const queryContext = labelled && phoneContext(labelled.q);
  const indexContext = labelled && phoneContext(labelled.f);
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
  // Each row holds the K nearest frames, then the continuations of the previous row's candidates:
  // the next recorded frame is rarely among the K nearest, and without it no run can go on.
  const continuations = options.continuations ?? 0;
  const W = K + continuations;
  const candidates = new Int32Array(n * W).fill(-1);
  const costs = new Float32Array(n * W).fill(Infinity);
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
        else if (a && contextCost > 0) {
          const at = queryContext!.position[q]!;
          if (queryContext!.previous[q] !== indexContext!.previous[f]) cost += contextCost * (1 - at);
          if (queryContext!.next[q] !== indexContext!.next[f]) cost += contextCost * at;
        }
      }
      rowCost[f] = cost;
    }
    // Top K by insertion into a small sorted list.
    const base = q * W;
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
    if (q > 0 && continuations > 0) {
      let slot = base + K;
      for (let i = 0; i < W && slot < base + W; i++) {
        const p = candidates[base - W + i]!;
        const f = p + 1;
        if (p < 0 || f >= m || !Number.isFinite(rowCost[f]!)) continue;
        let seen = false;
        for (let j = base; j < slot && !seen; j++) seen = candidates[j] === f;
        if (seen) continue;
        candidates[slot] = f;
        costs[slot] = rowCost[f]!;
        slot++;
      }
    }
  }
  // Viterbi over the candidates: staying on consecutive recorded frames is free.
  const total = new Float32Array(n * W).fill(Infinity);
  const back = new Int32Array(n * W);
  for (let j = 0; j < W; j++) total[j] = costs[j]!;
  for (let q = 1; q < n; q++) {
    const joinCost = labelled && labelled.q[q] !== labelled.q[q - 1] ? boundaryJumpCost : jumpCost;
    for (let j = 0; j < W; j++) {
      const c = candidates[q * W + j]!;
      if (c < 0) continue;
      let best = Infinity;
      let arg = 0;
      for (let i = 0; i < W; i++) {
        const p = candidates[(q - 1) * W + i]!;
        if (p < 0) continue;
        const step = c - p;
        const jump = step === 1 ? 0 : step === 0 || step === 2 ? 0.3 * joinCost : joinCost;
        const t = total[(q - 1) * W + i]! + jump;
        if (t < best) {
          best = t;
          arg = i;
        }
      }
      total[q * W + j] = best + costs[q * W + j]!;
      back[q * W + j] = arg;
    }
  }
  const path = new Int32Array(n);
  let j = 0;
  for (let i = 1; i < W; i++) if (total[(n - 1) * W + i]! < total[(n - 1) * W + j]!) j = i;
  for (let q = n - 1; q >= 0; q--) {
    path[q] = candidates[q * W + j]!;
    if (q > 0) j = back[q * W + j]!;
  }
  return path;
}
