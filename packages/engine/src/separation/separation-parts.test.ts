import { describe, expect, it } from 'vitest';
import { runningMedian } from './median-filter.ts';
import { findRepeatingNeighbours } from './repet-sim.ts';
import { MELODY_STATES, SalienceFunction, stateToHz, trackMelody } from './melody-tracker.ts';

describe('runningMedian', () => {
  it('matches a sorted window median at every position, ends included, along a stride', () => {
    const values = [5, 1, 4, 2, 3, 9, 0, 0, 0, 7, 6, 6, 1];
    const source = new Float32Array(values.length * 3);
    values.forEach((v, i) => (source[i * 3 + 1] = v));
    const target = new Float32Array(source.length);
    runningMedian(source, target, 1, 3, values.length, 2);
    values.forEach((_, i) => {
      const window = values.slice(Math.max(0, i - 2), i + 3).sort((a, b) => a - b);
      const mid = window.length >> 1;
      const expected = window.length % 2 ? window[mid]! : (window[mid - 1]! + window[mid]!) / 2;
      expect(target[i * 3 + 1]).toBe(expected);
    });
  });
});

describe('findRepeatingNeighbours', () => {
  it('finds the frames whole periods away in a looped pattern', () => {
    const width = 40;
    const period = 12;
    const frames = 96;
    const magnitude = new Float32Array(frames * width);
    for (let t = 0; t < frames; t++)
      for (let k = 0; k < width; k++)
        magnitude[t * width + k] = 1 + Math.sin((t % period) * 1.7 + k * (0.3 + (t % period) * 0.05)) ** 2;
    const neighbours = findRepeatingNeighbours(magnitude, frames, width, {
      windowFrames: 30,
      neighbours: 4,
      minSpacingFrames: 3,
      minSimilarity: 0.5,
      bands: 8,
    });
    const t = 48;
    const found = Array.from(neighbours.subarray(t * 4, t * 4 + 4));
    expect(found.filter((u) => u >= 0 && Math.abs(u - t) % period === 0)).toHaveLength(4);
  });
});

describe('melody tracking', () => {
  it('follows a harmonic tone through a glide and calls silence unvoiced', () => {
    const sampleRate = 16000;
    const size = 2048;
    const salienceFunction = new SalienceFunction(sampleRate, size);
    const frames = 60;
    const salience = new Float32Array(frames * MELODY_STATES);
    const row = new Float32Array(MELODY_STATES);
    const truth: number[] = [];
    for (let t = 0; t < frames; t++) {
      const magnitude = new Float32Array(size / 2 + 1);
      const f0 = t < 40 ? 180 * 2 ** (t / 80) : 0;
      truth.push(f0);
      if (f0 > 0)
        for (let h = 1; h * f0 < 5000; h++) {
          const bin = (h * f0 * size) / sampleRate;
          for (let k = Math.floor(bin) - 2; k <= Math.ceil(bin) + 2; k++)
            magnitude[k] = Math.max(magnitude[k]!, Math.exp(-0.5 * (k - bin) ** 2) / h);
        }
      salienceFunction.compute(magnitude, row, 1);
      salience.set(row, t * MELODY_STATES);
    }
    const { f0 } = trackMelody(salience, frames, { hop: 0.01 });
    for (let t = 0; t < frames; t++) {
      if (truth[t]! === 0) expect(f0[t]).toBe(0);
      else expect(Math.abs(1200 * Math.log2(f0[t]! / truth[t]!))).toBeLessThan(30);
    }
    expect(stateToHz(0)).toBe(70);
  });
});
