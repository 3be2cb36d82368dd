import { describe, expect, it } from 'vitest';
import {
  clippedSamples,
  gridError,
  inKeyShare,
  notesInSpan,
  onlyWithinLines,
  onsetTiming,
  scalePitchClasses,
  spikesPerMinute,
  truePeakDb,
  vocalBand,
  type PitchTrack,
} from './vocal-measures.ts';

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

function track(notes: [midi: number, seconds: number][], hop = 0.01): PitchTrack {
  const f0: number[] = [];
  for (const [m, s] of notes) for (let i = 0; i < Math.round(s / hop); i++) f0.push(m > 0 ? midiHz(m) : 0);
  return { times: Float64Array.from(f0, (_, i) => i * hop), f0: Float64Array.from(f0) };
}

describe('grid timing', () => {
  const grid = { secondsPerSlot: 0.1, swing: 0.2, origin: 0 };
  it('measures the distance to the nearest swung 16th', () => {
    expect(gridError(0.205, grid)).toBeCloseTo(0.005);
    // Odd slots are late by a fifth of a slot: slot 1 sits at 0.12.
    expect(gridError(0.13, grid)).toBeCloseTo(0.01);
    expect(gridError(0.1, grid)).toBeCloseTo(-0.02);
    expect(gridError(-0.01, grid)).toBeCloseTo(-0.01);
  });
  it('scores onsets against the window and reports chance', () => {
    const timing = onsetTiming([0, 0.12, 0.2, 0.26, 0.36], grid);
    expect(timing.onsets).toBe(5);
    expect(timing.within).toBeCloseTo(3 / 5);
    expect(timing.chance).toBeGreaterThan(0.55);
    expect(timing.chance).toBeLessThan(0.65);
    expect(timing.p90ErrorMs).toBeGreaterThan(30);
  });
});

describe('sung notes', () => {
  it('counts held pitch classes, not glides', () => {
    const sung = track([
      [60, 0.3],
      [61, 0.02],
      [62, 0.3],
      [0, 0.1],
      [72, 0.2],
      [64, 0.3],
    ]);
    expect(notesInSpan(sung, 0, 10)).toBe(3);
    expect(notesInSpan(sung, 0, 0.25)).toBe(1);
  });
  it('shares voiced frames in key', () => {
    expect(scalePitchClasses('G major')).toEqual([7, 9, 11, 0, 2, 4, 6]);
    const sung = track([
      [67, 0.5],
      [68, 0.5],
      [0, 0.5],
    ]);
    const share = inKeyShare(sung, [[0, 10]], scalePitchClasses('G major'));
    expect(share.voicedFrames).toBe(100);
    expect(share.inKey).toBeCloseTo(0.5);
    const flatBy30Cents: PitchTrack = { times: Float64Array.of(0), f0: Float64Array.of(midiHz(66.7)) };
    expect(inKeyShare(flatBy30Cents, [[0, 1]], scalePitchClasses('G major')).inKey).toBe(1);
  });
});

describe('stem measures', () => {
  const rate = 44100;
  const tone = (hz: number, seconds: number, amp: number) =>
    Float32Array.from(
      { length: seconds * rate },
      (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / rate + 0.3),
    );
  it('finds the inter-sample peak and clipped samples', () => {
    // A quarter-rate sine sampled off its crest: sample peak 0.707, true peak 1.
    const x = Float32Array.from({ length: 4000 }, (_, i) => Math.sin((Math.PI / 2) * i + Math.PI / 4));
    expect(truePeakDb(x, rate)).toBeGreaterThan(-0.3);
    expect(clippedSamples(x)).toBe(0);
    expect(clippedSamples(Float32Array.of(1, -1, 0.5))).toBe(2);
  });
  it('counts clicks per minute of voice', () => {
    const x = tone(200, 6, 0.1);
    for (let s = 0; s < 6; s++) x[Math.round((s + 0.5) * rate)] = 0.9;
    const { spikes, perMinute } = spikesPerMinute(x, rate);
    expect(spikes).toBe(6);
    expect(perMinute).toBeCloseTo(60, 0);
    expect(spikesPerMinute(tone(200, 2, 0.5), rate).spikes).toBe(0);
  });
  it('tells harmonics from noise above the band', () => {
    const seconds = 1;
    const f0 = 150;
    const x = new Float32Array(seconds * rate);
    // Harmonics up to 4 kHz, white noise above 4 kHz only via a crude high-pass (difference).
    for (let h = 1; h * f0 < 4000; h++) {
      const a = 0.3 / h;
      for (let i = 0; i < x.length; i++) x[i]! += a * Math.sin((2 * Math.PI * h * f0 * i) / rate);
    }
    let seed = 1;
    let previous = 0;
    for (let i = 0; i < x.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const n = seed / 2 ** 30 - 1;
      x[i]! += 0.02 * (n - previous);
      previous = n;
    }
    const pitch = track([[69 + 12 * Math.log2(f0 / 440), seconds]]);
    const band = vocalBand(x, rate, pitch);
    expect(band.voicedFrames).toBeGreaterThan(20);
    expect(band.harmonicTopHz).toBeGreaterThanOrEqual(3500);
    expect(band.harmonicTopHz).toBeLessThanOrEqual(4500);
    expect(band.above7kDb).toBeLessThan(-10);
  });
});

describe('decoding where the voice is', () => {
  it('silences the audio outside the lines, fading in and out at their padded edges', () => {
    const rate = 1000;
    const x = new Float32Array(10 * rate).fill(0.5);
    const kept = onlyWithinLines(x, rate, [
      [2, 3],
      [3.2, 4],
      [7, 8],
    ]);
    expect(kept[Math.round(1.5 * rate)]).toBe(0);
    // Lines 0.2 s apart run into one span once padded.
    expect(kept[Math.round(3.1 * rate)]).toBe(0.5);
    expect(kept[Math.round(5.5 * rate)]).toBe(0);
    expect(kept[Math.round(7.5 * rate)]).toBe(0.5);
    // The pad: 0.25 s before the line's start is where the fade begins.
    expect(kept[Math.round(1.76 * rate)]).toBeGreaterThan(0);
    expect(kept[Math.round(1.74 * rate)]).toBe(0);
    expect(kept[Math.round(1.76 * rate)]).toBeLessThan(0.5);
    expect(kept[Math.round(9 * rate)]).toBe(0);
  });
});
