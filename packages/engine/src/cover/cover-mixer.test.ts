import { describe, expect, it } from 'vitest';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { rmsOf } from '../pcm-audio.ts';
import { duckResidue, mixCover, shiftAccompaniment } from './cover-mixer.ts';
import { integratedLoudness } from '../analysis/loudness-meter.ts';

const RATE = 44100;
const tone = (hz: number, seconds: number, gain = 0.3) =>
  Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => gain * Math.sin((2 * Math.PI * hz * i) / RATE),
  );

describe('duckResidue', () => {
  // A centred 1 kHz "residue" and a 1 kHz tone only on the left (a panned instrument).
  const centre = tone(1000, 2);
  const panned = tone(1000, 2, 0.2);
  const left = centre.map((v, i) => v + panned[i]!);
  const right = centre.slice();
  const active = new Uint8Array(200);
  active.fill(1, 100, 200); // the new voice sings in the second second

  const [l, r] = duckResidue([left, right], active, { sampleRate: RATE, frameHop: 0.01 });

  it('lowers the centre band where the new voice sings', () => {
    const before = rmsOf(right, 1.3 * RATE, 1.9 * RATE);
    const after = rmsOf(r!, 1.3 * RATE, 1.9 * RATE);
    expect(20 * Math.log10(after / before)).toBeLessThan(-7);
  });

  it('keeps the side signal, and everything outside the sung spans, as it was', () => {
    let sideError = 0;
    for (let i = 0; i < left.length; i++)
      sideError = Math.max(sideError, Math.abs(l![i]! - r![i]! - (left[i]! - right[i]!)));
    expect(sideError).toBeLessThan(1e-6);
    expect(l!.subarray(0, 0.9 * RATE)).toEqual(left.subarray(0, 0.9 * RATE));
  });

  it('leaves bass alone', () => {
    const bass = tone(60, 2);
    const [b] = duckResidue([bass, bass], active, { sampleRate: RATE, frameHop: 0.01 });
    const ratio = rmsOf(b!, 1.3 * RATE, 1.9 * RATE) / rmsOf(bass, 1.3 * RATE, 1.9 * RATE);
    expect(ratio).toBeGreaterThan(0.8);
  });
});

describe('shiftAccompaniment', () => {
  it('leaves the accompaniment alone for whole octaves', async () => {
    const x = tone(220, 1);
    expect((await shiftAccompaniment([x, x], 12, RATE))[0]).toBe(x);
    expect((await shiftAccompaniment([x, x], 0, RATE))[0]).toBe(x);
  });

  it('moves it by the part of the shift within the octave, length kept', async () => {
    const x = tone(220, 1.5);
    for (const [shift, expected] of [
      [5, 220 * 2 ** (5 / 12)],
      [-14, 220 * 2 ** (-2 / 12)],
    ] as const) {
      const [y] = await shiftAccompaniment([x], shift, RATE);
      expect(y!.length).toBe(x.length);
      const track = trackPitch(y!.subarray(0.3 * RATE, 1.2 * RATE), { sampleRate: RATE });
      const voiced = Array.from(track.frequencies)
        .filter((f) => f > 0)
        .sort((a, b) => a - b);
      const median = voiced[voiced.length >> 1]!;
      expect(Math.abs(1200 * Math.log2(median / expected))).toBeLessThan(20);
    }
  });
});

describe('mixCover', () => {
  it("sets the new vocal at the original lead's loudness plus the chosen level", () => {
    const vocal = tone(300, 2, 0.05);
    const lead = tone(250, 2, 0.2);
    const accompaniment = [tone(110, 2, 0.1), tone(110, 2, 0.1)];
    const loud = (x: Float32Array[]) => integratedLoudness(x, RATE).integrated;
    for (const level of [0, 6]) {
      const mixed = mixCover({
        vocal,
        accompaniment,
        originalLead: [lead, lead],
        sampleRate: RATE,
        vocalLevelDb: level,
      });
      const dry = vocal.map((v) => v * 10 ** (mixed.vocalGainDb / 20));
      expect(loud([dry, dry]) - loud([lead, lead])).toBeCloseTo(level, 1);
      expect(mixed.mix[0].length).toBe(accompaniment[0]!.length);
      expect(mixed.accompanimentStem[0]).toBe(accompaniment[0]);
    }
  });
});
