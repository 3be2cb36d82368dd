import { describe, expect, it } from 'vitest';
import { reverb } from './reverb.ts';

/** Freeverb as written down: each comb over the whole input, summed, then each all-pass in turn. */
function freeverbSide(input: Float32Array, spread: number, roomSize: number, damping: number): Float32Array {
  const out = new Float32Array(input.length);
  const feedback = roomSize * 0.28 + 0.7;
  for (const base of [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617]) {
    const buf = new Float32Array(base + spread);
    let store = 0;
    for (let i = 0; i < input.length; i++) {
      const y = buf[i % buf.length]!;
      store = y * (1 - damping) + store * damping;
      buf[i % buf.length] = input[i]! * 0.015 + store * feedback;
      out[i]! += y;
    }
  }
  for (const base of [556, 441, 341, 225]) {
    const buf = new Float32Array(base + spread);
    for (let i = 0; i < out.length; i++) {
      const b = buf[i % buf.length]!;
      const x = out[i]!;
      buf[i % buf.length] = x + b * 0.5;
      out[i] = b - x;
    }
  }
  return out;
}

describe('reverb', () => {
  it('gives exactly the samples of Freeverb run one filter at a time, silence first included', () => {
    const input = new Float32Array(44100);
    for (let i = 5000; i < 30000; i++) input[i] = Math.sin(i * 0.013) * (((i * 7919) % 997) / 997 - 0.5);
    const [left, right] = reverb(input, { sampleRate: 44100, roomSize: 0.75, damping: 0.45 });
    expect(left).toEqual(freeverbSide(input, 0, 0.75, 0.45));
    expect(right).toEqual(freeverbSide(input, 23, 0.75, 0.45));
    expect(Math.max(...right.subarray(30000).map(Math.abs))).toBeGreaterThan(1e-3);
  });

  it('answers silence with silence', () => {
    const [left, right] = reverb(new Float32Array(1000), { sampleRate: 44100 });
    expect(left.every((v) => v === 0) && right.every((v) => v === 0)).toBe(true);
  });
});
