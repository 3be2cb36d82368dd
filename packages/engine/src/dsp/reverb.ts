import type { Hz } from '../units.ts';

const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASSES = [556, 441, 341, 225];
const STEREO_SPREAD = 23;
/** Samples each filter runs through before the next takes over. */
const BLOCK = 512;

/**
 * Freeverb (Schroeder-Moorer): 8 damped combs into 4 all-passes per side, tunings scaled
 * from 44.1 kHz. Mono send in, stereo wet out.
 */
export function reverb(
  input: Float32Array,
  {
    sampleRate,
    roomSize = 0.8,
    damping = 0.4,
    width = 1,
  }: { sampleRate: Hz; roomSize?: number; damping?: number; width?: number },
): [Float32Array, Float32Array] {
  const scale = sampleRate / 44100;
  const feedback = roomSize * 0.28 + 0.7;
  // Silence before the first sound leaves every filter at rest: its output is silence too.
  const first = input.findIndex((v) => v !== 0);
  const sides = [0, STEREO_SPREAD].map((spread) => {
    const out = new Float32Array(input.length);
    const combs = COMBS.map((base) => new Float32Array(Math.round((base + spread) * scale)));
    const combAt = new Int32Array(combs.length);
    const stores = new Float64Array(combs.length);
    const allpasses = ALLPASSES.map((base) => new Float32Array(Math.round((base + spread) * scale)));
    const allpassAt = new Int32Array(allpasses.length);
    // Filter by filter over short blocks: each filter's state stays in locals for a whole block and
    // the block's sum stays in cache. The samples are those of a pass per filter over the whole
    // input (each comb's output is added in the same order, rounded to float as the buffers store).
    const sends = new Float64Array(BLOCK);
    const sums = new Float32Array(BLOCK);
    for (let start = first < 0 ? input.length : first; start < input.length; start += BLOCK) {
      const length = Math.min(BLOCK, input.length - start);
      for (let j = 0; j < length; j++) sends[j] = input[start + j]! * 0.015;
      sums.fill(0);
      for (let c = 0; c < combs.length; c++) {
        const buf = combs[c]!;
        const size = buf.length;
        let idx = combAt[c]!;
        let store = stores[c]!;
        for (let j = 0; j < length; j++) {
          const y = buf[idx]!;
          store = y * (1 - damping) + store * damping;
          buf[idx] = sends[j]! + store * feedback;
          if (++idx === size) idx = 0;
          sums[j] = sums[j]! + y;
        }
        combAt[c] = idx;
        stores[c] = store;
      }
      for (let a = 0; a < allpasses.length; a++) {
        const buf = allpasses[a]!;
        const size = buf.length;
        let idx = allpassAt[a]!;
        for (let j = 0; j < length; j++) {
          const b = buf[idx]!;
          const x = sums[j]!;
          buf[idx] = x + b * 0.5;
          sums[j] = b - x;
          if (++idx === size) idx = 0;
        }
        allpassAt[a] = idx;
      }
      out.set(sums.subarray(0, length), start);
    }
    return out;
  });
  const [l, r] = sides as [Float32Array, Float32Array];
  if (width < 1) {
    const w1 = (1 + width) / 2;
    const w2 = (1 - width) / 2;
    for (let i = 0; i < l.length; i++) {
      const a = l[i]!;
      const b = r[i]!;
      l[i] = a * w1 + b * w2;
      r[i] = b * w1 + a * w2;
    }
  }
  return [l, r];
}

/** Ping-pong delay with a low-passed feedback path: throws that trail off to the sides. */
export function pingPongDelay(
  input: Float32Array,
  { sampleRate, delaySeconds, feedback = 0.35 }: { sampleRate: Hz; delaySeconds: number; feedback?: number },
): [Float32Array, Float32Array] {
  const d = Math.max(1, Math.round(delaySeconds * sampleRate));
  const n = input.length;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  const damp = 0.35;
  let lpL = 0;
  let lpR = 0;
  for (let i = 0; i < n; i++) {
    const fromR = i >= d ? r[i - d]! : 0;
    const fromL = i >= d ? l[i - d]! : 0;
    lpL = lpL + (1 - damp) * (fromR - lpL);
    lpR = lpR + (1 - damp) * (fromL - lpR);
    l[i] = (i >= d ? input[i - d]! : 0) + feedback * lpL;
    r[i] = feedback * lpR;
  }
  return [l, r];
}
