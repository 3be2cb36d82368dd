import { describe, expect, it } from 'vitest';
import { findPitchMarks } from './voice-model.ts';

const SAMPLE_RATE = 22050;
const F0 = 105;

/**
 * A voiced stretch whose cycle has two peaks, the pulse and a ringing first formant half a period
 * later, taking turns at being the higher one (as in a diphone voice's vowels): a marker that
 * snaps to the highest peak flips between them.
 */
function twoPeakVoice(seconds: number): Float32Array {
  const n = Math.round(seconds * SAMPLE_RATE);
  const out = new Float32Array(n);
  const period = SAMPLE_RATE / F0;
  const bump = (centre: number, height: number) => {
    for (let i = Math.floor(centre - 20); i <= Math.ceil(centre + 20); i++)
      if (i >= 0 && i < n) out[i]! += height * Math.exp(-(((i - centre) / 6) ** 2));
  };
  for (let cycle = 0; (cycle + 1) * period < n; cycle++) {
    const swing = Math.sin((2 * Math.PI * cycle) / 14);
    bump(cycle * period + 30, 0.5 - 0.2 * swing);
    bump(cycle * period + 30 + 0.45 * period, 0.4 + 0.2 * swing);
  }
  return out;
}

describe('findPitchMarks', () => {
  it('keeps one phase of the cycle when two peaks take turns at being the highest', () => {
    const audio = twoPeakVoice(0.6);
    const frames = Math.floor(audio.length / (0.01 * SAMPLE_RATE));
    const f0 = new Float32Array(frames).fill(F0);
    // The tracker slipped an octave down on the onset: the walk must not look twice as far.
    f0[0] = F0 / 2;
    f0[1] = F0 / 2;
    const { marks, periods } = findPitchMarks(audio, SAMPLE_RATE, f0);
    const period = SAMPLE_RATE / F0;
    expect(marks.length).toBeGreaterThan(0.9 * (audio.length / period));
    for (let k = 1; k < marks.length; k++) {
      expect(Math.abs(marks[k]! - marks[k - 1]! - period)).toBeLessThan(3);
      expect(Math.abs(periods[k]! - period)).toBeLessThan(3);
    }
  });

  it('marks nothing where nothing is voiced', () => {
    const { marks } = findPitchMarks(twoPeakVoice(0.2), SAMPLE_RATE, new Float32Array(20));
    expect(marks.length).toBe(0);
  });
});
