import { describe, expect, it } from 'vitest';
import { centredMonoLoudness, integratedLoudness, measureLoudness, truePeak } from './loudness-meter.ts';
import { master } from '../mix/mastering.ts';

const sine = (frequency: number, sampleRate: number, seconds: number, amplitude: number, phase = 0) =>
  Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate + phase),
  );

describe('BS.1770 loudness', () => {
  it('reads a 997 Hz stereo sine at -20 dBFS as -20 LUFS (EBU Tech 3341 case)', () => {
    for (const rate of [44100, 48000]) {
      const s = sine(997, rate, 5, 0.1);
      expect(integratedLoudness([s, s], rate).integrated).toBeCloseTo(-20, 1);
    }
  });
  it('gates silence out of the integrated value', () => {
    const rate = 48000;
    const s = sine(997, rate, 10, 0.1);
    s.fill(0, 0, rate * 5);
    // Only the blocks straddling the edge pull it down a little (they pass the relative gate).
    expect(Math.abs(integratedLoudness([s, s], rate).integrated + 20)).toBeLessThan(0.2);
  });
  it('reads a mono signal on both channels as the stereo meter does, to the last bit', () => {
    const s = sine(440, 44100, 3, 0.2);
    s.fill(0, 0, 30000);
    expect(centredMonoLoudness(s, 44100)).toEqual(integratedLoudness([s, s], 44100));
  });
  it('finds inter-sample peaks a sample peak misses', () => {
    // fs/4 with a 45° phase: every sample is at 0.707 of the true crest.
    const s = sine(11025, 44100, 0.5, 0.9, Math.PI / 4);
    const { truePeak: tp, samplePeak } = truePeak([s]);
    expect(samplePeak).toBeCloseTo(0.9 * Math.SQRT1_2, 3);
    expect(tp).toBeGreaterThan(0.87);
    expect(tp).toBeLessThan(0.93);
  });
});

describe('mastering', () => {
  it('brings a quiet mix to -14 LUFS with true peak at or below -1.7 dBTP (MP3 headroom)', () => {
    const rate = 44100;
    const l = sine(110, rate, 6, 0.05);
    const r = sine(165, rate, 6, 0.05);
    for (let i = 0; i < l.length; i += 11025)
      for (let k = 0; k < 300; k++) l[i + k] = (l[i + k] ?? 0) + 0.3 * Math.exp(-k / 60);
    const result = master([l, r], { sampleRate: rate });
    expect(result.loudness.integratedLufs).toBeGreaterThan(-14.5);
    expect(result.loudness.integratedLufs).toBeLessThan(-13.5);
    const measured = measureLoudness(result.channels, rate);
    expect(measured.truePeakDbtp).toBeLessThanOrEqual(-1.65);
  });
});
