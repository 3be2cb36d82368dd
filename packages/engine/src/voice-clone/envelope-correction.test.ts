import { describe, expect, it } from 'vitest';
import { correctEnvelope } from './envelope-correction.ts';

const RATE = 22050;
const tones = (length: number) =>
  Float32Array.from(
    { length },
    (_, i) =>
      0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE) + 0.2 * Math.sin((2 * Math.PI * 3000 * i) / RATE),
  );
/** Amplitude of one frequency over the middle of a signal. */
const amplitude = (x: Float32Array, hz: number) => {
  let a = 0;
  let b = 0;
  for (let i = 5000; i < 15000; i++) {
    a += x[i]! * Math.sin((2 * Math.PI * hz * i) / RATE);
    b += x[i]! * Math.cos((2 * Math.PI * hz * i) / RATE);
  }
  return Math.hypot(a, b) / 5000;
};

describe('correctEnvelope', () => {
  const dims = 20;
  const frames = 100;

  it('returns the input when there is nothing to correct', () => {
    const x = tones(RATE);
    const y = correctEnvelope(x, RATE, new Float32Array(frames * dims), dims);
    let error = 0;
    for (let i = 0; i < x.length; i++) error = Math.max(error, Math.abs(y[i]! - x[i]!));
    expect(error).toBeLessThan(1e-5);
  });

  it('tilts the spectrum the way a raised c1 says (more low, less high), c0 left alone', () => {
    const x = tones(RATE);
    const delta = new Float32Array(frames * dims);
    for (let f = 0; f < frames; f++) {
      delta[f * dims] = 10;
      delta[f * dims + 1] = 2;
    }
    const y = correctEnvelope(x, RATE, delta, dims);
    expect(amplitude(y, 440) / amplitude(x, 440)).toBeGreaterThan(1.1);
    expect(amplitude(y, 3000) / amplitude(x, 3000)).toBeLessThan(0.95);
    expect(amplitude(y, 440) / amplitude(x, 440)).toBeLessThan(1.6);
  });
});
