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
  const sides = [0, STEREO_SPREAD].map((spread) => {
    const out = new Float32Array(input.length);
    for (const base of COMBS) {
      const size = Math.round((base + spread) * scale);
      const buf = new Float32Array(size);
      let idx = 0;
      let store = 0;
      for (let i = 0; i < input.length; i++) {
        const y = buf[idx]!;
        store = y * (1 - damping) + store * damping;
        buf[idx] = input[i]! * 0.015 + store * feedback;
        idx = idx + 1 === size ? 0 : idx + 1;
        out[i]! += y;
      }
    }
    for (const base of ALLPASSES) {
      const size = Math.round((base + spread) * scale);
      const buf = new Float32Array(size);
      let idx = 0;
      for (let i = 0; i < out.length; i++) {
        const b = buf[idx]!;
        const x = out[i]!;
        buf[idx] = x + b * 0.5;
        out[i] = b - x;
        idx = idx + 1 === size ? 0 : idx + 1;
      }
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
