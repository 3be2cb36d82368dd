import { describe, expect, it } from 'vitest';
import { holdPitch } from './pitch-holder.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { seededRandom } from '../beats/seeded-random.ts';

const RATE = 16000;
const NOTE = 200;

/** A buzzy voice-like tone whose pitch follows `cents(t)` off NOTE, then silence, then one click. */
function droopingTone(cents: (t: number) => number, seconds = 0.6): Float32Array {
  const out = new Float32Array(Math.round((seconds + 0.3) * RATE));
  let phase = 0;
  for (let i = 0; i < seconds * RATE; i++) {
    phase += (2 * Math.PI * NOTE * 2 ** (cents(i / RATE) / 1200)) / RATE;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase) / h;
    out[i] = 0.3 * v;
  }
  out[Math.round((seconds + 0.2) * RATE)] = 0.8;
  return out;
}

/** Into a consonant and out again: 80 cents flat for 60 ms, then 60 cents sharp for 40 ms. */
const droop = (t: number) => (t > 0.2 && t < 0.26 ? -80 : t >= 0.26 && t < 0.3 ? 60 : 0);

const centsOff = (x: Float32Array, from: number, to: number): number[] => {
  const track = trackPitch(x, { sampleRate: RATE, minFrequency: 100, maxFrequency: 400 });
  const out: number[] = [];
  for (let f = Math.ceil(from / track.hop); f * track.hop < to; f++) {
    const hz = track.frequencies[f]!;
    if (hz > 0) out.push(1200 * Math.log2(hz / NOTE));
  }
  return out;
};

describe('holdPitch', () => {
  it('brings a droop back onto the note, measured by an independent pitch tracker', () => {
    const input = droopingTone(droop);
    const held = holdPitch(input, { sampleRate: RATE, f0: NOTE });
    // Away from the turns (a tracker's window straddles them), inside the droop and the overshoot.
    const before = [...centsOff(input, 0.215, 0.245), ...centsOff(input, 0.27, 0.29)];
    const after = [...centsOff(held, 0.215, 0.245), ...centsOff(held, 0.27, 0.29)];
    expect(before.length).toBeGreaterThan(3);
    expect(Math.max(...before.map(Math.abs))).toBeGreaterThan(50);
    expect(Math.max(...after.map(Math.abs))).toBeLessThan(20);
    expect(held.length).toBe(input.length);
  });

  it('keeps the timings: what follows the droop is where it was, within the drift allowed', () => {
    const input = droopingTone(droop);
    const held = holdPitch(input, { sampleRate: RATE, f0: NOTE, maxDrift: 0.003 });
    const click = Math.round(0.8 * RATE);
    let loudest = 0;
    for (let i = click - 200; i < click + 200; i++)
      if (Math.abs(held[i]!) > Math.abs(held[loudest]!)) loudest = i;
    expect(Math.abs(loudest - click)).toBeLessThanOrEqual(1);
  });

  it('copies a voice already on its note, and unvoiced sound, sample for sample', () => {
    const onNote = droopingTone(() => 5);
    expect(holdPitch(onNote, { sampleRate: RATE, f0: NOTE })).toEqual(onNote);
    const random = seededRandom(3);
    const hiss = Float32Array.from({ length: RATE }, () => 0.2 * (random() - 0.5));
    expect(holdPitch(hiss, { sampleRate: RATE, f0: NOTE })).toEqual(hiss);
  });
});
