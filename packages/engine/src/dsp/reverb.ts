import type { Hz } from '../units.ts';

const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASSES = [556, 441, 341, 225];
const STEREO_SPREAD = 23;

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
  const f32 = Math.fround;
  // Silence before the first sound leaves every filter at rest: its output is silence too.
  const first = input.findIndex((v) => v !== 0);
  const sides = [0, STEREO_SPREAD].map((spread) => {
    const out = new Float32Array(input.length);
    // One pass per sample through the 8 combs (summed in order) and the 4 all-passes in series,
    // rounding to float where the buffers store: the same samples as a pass per filter, a third
    // of the memory traffic.
    const combs = COMBS.map((base) => new Float32Array(Math.round((base + spread) * scale)));
    const combAt = new Int32Array(combs.length);
    const stores = new Float64Array(combs.length);
    const allpasses = ALLPASSES.map((base) => new Float32Array(Math.round((base + spread) * scale)));
    const allpassAt = new Int32Array(allpasses.length);
    for (let i = first < 0 ? input.length : first; i < input.length; i++) {
      const x = input[i]! * 0.015;
      let sum = 0;
      for (let c = 0; c < combs.length; c++) {
        const buf = combs[c]!;
        const idx = combAt[c]!;
        const y = buf[idx]!;
        const store = y * (1 - damping) + stores[c]! * damping;
        stores[c] = store;
        buf[idx] = x + store * feedback;
        combAt[c] = idx + 1 === buf.length ? 0 : idx + 1;
        sum = f32(sum + y);
      }
      for (let a = 0; a < allpasses.length; a++) {
        const buf = allpasses[a]!;
        const idx = allpassAt[a]!;
        const b = buf[idx]!;
        buf[idx] = sum + b * 0.5;
        sum = f32(b - sum);
        allpassAt[a] = idx + 1 === buf.length ? 0 : idx + 1;
      }
      out[i] = sum;
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
