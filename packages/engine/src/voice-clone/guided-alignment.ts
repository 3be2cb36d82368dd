import { matchWeights } from './exemplar-index.ts';

/**
 * Dynamic time warping of the person's guided reading (rows) against the source voice reading the
 * same text (columns), both as normalised cepstra. Same text on both sides makes the alignment
 * reliable even across very different voices. The end is open: a reading cut short (the recording
 * stopped before the script did) aligns to the part of the text that was read.
 * Returns the source frame aligned with each of the person's frames.
 */
export function alignReading(o: {
  person: Float32Array;
  personFrames: number;
  source: Float32Array;
  sourceFrames: number;
  dims: number;
  signal?: AbortSignal;
}): Int32Array {
  const { dims, personFrames: M, sourceFrames: N } = o;
  const w = matchWeights(dims);
  const active = Array.from(w.keys()).filter((d) => w[d]! > 0);
  // Steps: diagonal (1,1) at cost 1x, horizontal or vertical at 1.5x; backpointers 0/1/2.
  const back = new Uint8Array(M * N);
  let previous = new Float32Array(N).fill(Infinity);
  let current = new Float32Array(N);
  const local = new Float32Array(N);
  for (let u = 0; u < M; u++) {
    if (o.signal?.aborted && u % 256 === 0) break;
    for (let s = 0; s < N; s++) {
      let d = 0;
      for (const k of active) {
        const diff = o.person[u * dims + k]! - o.source[s * dims + k]!;
        d += w[k]! * diff * diff;
      }
      local[s] = d;
    }
    for (let s = 0; s < N; s++) {
      const d = local[s]!;
      if (u === 0 && s === 0) {
        current[s] = d;
        back[s] = 0;
        continue;
      }
      const diagonal = u > 0 && s > 0 ? previous[s - 1]! + d : Infinity;
      const up = u > 0 ? previous[s]! + 1.5 * d : Infinity;
      const left = s > 0 ? current[s - 1]! + 1.5 * d : Infinity;
      let best = diagonal;
      let step = 0;
      if (up < best) {
        best = up;
        step = 1;
      }
      if (left < best) {
        best = left;
        step = 2;
      }
      current[s] = best;
      back[u * N + s] = step;
    }
    [previous, current] = [current, previous];
  }
  // Open end: the last person frame may sit anywhere in the text; normalised by path length proxy.
  let end = 0;
  let endCost = Infinity;
  for (let s = 0; s < N; s++) {
    const c = previous[s]! / (M + s + 1);
    if (c < endCost) {
      endCost = c;
      end = s;
    }
  }
  const path = new Int32Array(M);
  let u = M - 1;
  let s = end;
  while (u >= 0) {
    path[u] = s;
    if (u === 0 && s === 0) break;
    const step = back[u * N + s]!;
    if (step === 0) {
      u--;
      s--;
    } else if (step === 1) u--;
    else s--;
    if (s < 0) s = 0;
  }
  for (let k = u - 1; k >= 0; k--) path[k] = 0;
  return path;
}
