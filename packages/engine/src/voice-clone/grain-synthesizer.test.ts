import { describe, expect, it } from 'vitest';
import { synthesizeGrains } from './grain-synthesizer.ts';

const SAMPLE_RATE = 16000;
const HOP = 160;

/** Events above half the peak, counted once per 5 ms. */
function bursts(samples: Float32Array): number {
  let peak = 0;
  for (const x of samples) peak = Math.max(peak, Math.abs(x));
  let count = 0;
  let last = -Infinity;
  for (let i = 0; i < samples.length; i++)
    if (Math.abs(samples[i]!) > 0.5 * peak) {
      if (i - last > 80) count++;
      last = i;
    }
  return count;
}

describe('synthesizeGrains', () => {
  it('says a held stop burst once', () => {
    // A recording of faint noise with one burst in frame 10, and a plan that holds that frame.
    const audio = Float32Array.from(
      { length: 40 * HOP },
      (_, i) => 0.01 * Math.sin(i * 1.7) * Math.cos(i * 0.31),
    );
    for (let i = 0; i < 12; i++) audio[10 * HOP + 10 + i] = 0.8 * (1 - i / 12) * (i % 2 ? -1 : 1);
    const frames = 8;
    const selection = Int32Array.from([8, 9, 10, 10, 10, 11, 12, 13]);
    const out = synthesizeGrains(
      {
        audio,
        sampleRate: SAMPLE_RATE,
        f0: new Float32Array(40),
        marks: new Int32Array(0),
        periods: new Float32Array(0),
      },
      {
        selection,
        f0: new Float32Array(frames),
        active: new Uint8Array(frames).fill(1),
        levelDb: new Float32Array(frames).fill(Number.NaN),
        outputLength: frames * HOP,
      },
    );
    expect(bursts(out)).toBe(1);
  });
});
