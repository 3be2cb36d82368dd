/**
 * REPET-SIM (Rafii & Pardo 2012): the accompaniment repeats (bars, loops, choruses) while the lead
 * rarely does, so each frame's repeating part is the median of the frames most similar to it.
 * Similarity is cosine on a compact band spectrum, searched within a window around each frame
 * (whole-song similarity matrices cost O(frames²) memory: a window keeps it linear).
 */
export interface RepetOptions {
  /** Frames searched on each side. */
  windowFrames: number;
  /** Most similar frames kept per frame. */
  neighbours: number;
  /** Picked frames are at least this far from the frame and from each other. */
  minSpacingFrames: number;
  /** Cosine similarity under which a frame is no neighbour. */
  minSimilarity: number;
  bands: number;
}

/**
 * For every frame, the indices of its most similar frames (−1 where fewer qualify), frames ×
 * neighbours, row-major. `magnitude` is frames × width (low bins of the mono magnitude).
 */
export function findRepeatingNeighbours(
  magnitude: Float32Array,
  frames: number,
  width: number,
  options: RepetOptions,
): Int32Array {
  const { windowFrames, neighbours, minSpacingFrames, minSimilarity, bands } = options;
  // Log-spaced bands from bin 2 up to `width`, each at least one bin wide.
  const edges: number[] = [2];
  for (let b = 1; b <= bands; b++) {
    const edge = Math.round(2 * (width / 2) ** (b / bands));
    edges.push(Math.max(edges[b - 1]! + 1, Math.min(width, edge)));
  }
  const used = edges.findIndex((e) => e >= width);
  const bandCount = used < 0 ? bands : used;
  const features = new Float32Array(frames * bandCount);
  for (let t = 0; t < frames; t++) {
    let norm = 0;
    for (let b = 0; b < bandCount; b++) {
      let sum = 0;
      for (let k = edges[b]!; k < Math.min(width, edges[b + 1]!); k++) sum += magnitude[t * width + k]!;
      const v = Math.sqrt(sum);
      features[t * bandCount + b] = v;
      norm += v * v;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let b = 0; b < bandCount; b++) features[t * bandCount + b]! *= scale;
  }
  const result = new Int32Array(frames * neighbours).fill(-1);
  const similarity = new Float32Array(2 * windowFrames + 1);
  const candidates: number[] = [];
  for (let t = 0; t < frames; t++) {
    const from = Math.max(0, t - windowFrames);
    const to = Math.min(frames - 1, t + windowFrames);
    const row = t * bandCount;
    for (let u = from; u <= to; u++) {
      let dot = 0;
      const other = u * bandCount;
      for (let b = 0; b < bandCount; b++) dot += features[row + b]! * features[other + b]!;
      similarity[u - from] = dot;
    }
    candidates.length = 0;
    for (let u = from; u <= to; u++) {
      if (Math.abs(u - t) < minSpacingFrames) continue;
      const s = similarity[u - from]!;
      if (s < minSimilarity) continue;
      const before = u > from ? similarity[u - from - 1]! : -Infinity;
      const after = u < to ? similarity[u - from + 1]! : -Infinity;
      if (s >= before && s >= after) candidates.push(u);
    }
    candidates.sort((a, b) => similarity[b - from]! - similarity[a - from]!);
    let count = 0;
    for (const u of candidates) {
      if (count >= neighbours) break;
      let clear = true;
      for (let j = 0; j < count; j++)
        if (Math.abs(result[t * neighbours + j]! - u) < minSpacingFrames) clear = false;
      if (clear) result[t * neighbours + count++] = u;
    }
  }
  return result;
}
