import { describe, expect, it } from 'vitest';
import { autoShift, leadMelody, melodyMedian } from './lead-melody.ts';

const cents = (a: number, b: number) => 1200 * Math.log2(a / b);

/** A separator-style pitch track: 5.8 ms hop, a rising line with a vibrato. */
function line(seconds: number, hop = 0.0058) {
  const frames = Math.round(seconds / hop);
  const f0 = new Float32Array(frames);
  const voicing = new Float32Array(frames);
  for (let j = 0; j < frames; j++) {
    const t = j * hop;
    f0[j] = 220 * 2 ** (t / 4) * 2 ** ((0.3 * Math.sin(2 * Math.PI * 5.5 * t)) / 12);
    voicing[j] = 0.9;
  }
  return { hop, f0, voicing };
}

describe('leadMelody', () => {
  it('follows the line on its own 10 ms grid, vibrato kept', () => {
    const pitch = line(2);
    const out = leadMelody(pitch, { hop: 0.01, frameCount: 200 });
    let worst = 0;
    for (let f = 5; f < 195; f++) {
      const t = f * 0.01;
      const want = 220 * 2 ** (t / 4) * 2 ** ((0.3 * Math.sin(2 * Math.PI * 5.5 * t)) / 12);
      worst = Math.max(worst, Math.abs(cents(out[f]!, want)));
    }
    // Vibrato of ±30 cents survives the 50 ms median within a few cents.
    expect(worst).toBeLessThan(12);
  });

  it('folds octave slips back, single frames and whole short runs', () => {
    const pitch = line(3);
    // Frames 100-110 slip an octave up; a 150 ms run later on an octave down.
    for (let j = 100; j < 110; j++) pitch.f0[j]! *= 2;
    for (let j = 300; j < 326; j++) pitch.f0[j]! /= 2;
    pitch.voicing.fill(0, 295, 300);
    pitch.voicing.fill(0, 326, 331);
    const out = leadMelody(pitch, { hop: 0.01, frameCount: 300 });
    const clean = leadMelody(line(3), { hop: 0.01, frameCount: 300 });
    for (const f of [60, 62, 178, 182, 185]) expect(Math.abs(cents(out[f]!, clean[f]!))).toBeLessThan(20);
  });

  it('leaves unvoiced frames at 0, drops blips and bridges short gaps', () => {
    const pitch = line(2);
    pitch.voicing.fill(0.1, 0, 50); // quiet start
    pitch.voicing.fill(0.1, 100, 104); // a 23 ms consonant inside a phrase
    pitch.voicing.fill(0.1, 200, 345);
    pitch.voicing[270] = 0.9; // a lone blip
    const out = leadMelody(pitch, { hop: 0.01, frameCount: 200 });
    expect(out[10]).toBe(0);
    expect(out[59]!).toBeGreaterThan(0); // bridged
    expect(out[157]).toBe(0); // the blip
    expect(out[190]).toBe(0);
  });

  it('returns silence for an empty track', () => {
    expect(
      leadMelody(
        { hop: 0.01, f0: new Float32Array(0), voicing: new Float32Array(0) },
        { hop: 0.01, frameCount: 5 },
      ),
    ).toEqual(new Float32Array(5));
    expect(melodyMedian(new Float32Array(4))).toBe(0);
  });
});

describe('autoShift', () => {
  it('moves by whole octaves towards where the singer sings', () => {
    // A tenor line around 260 Hz for a person speaking at 110 Hz: down an octave.
    expect(autoShift(260, 110)).toBe(-12);
    // A baritone line around 150 Hz for a person speaking at 210 Hz: up an octave.
    expect(autoShift(150, 210)).toBe(12);
    expect(autoShift(220, 200)).toBe(0);
    expect(autoShift(0, 200)).toBe(0);
  });
});
