import { describe, expect, it } from 'vitest';
import { psolaPitch } from './psola-pitch.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { Biquad } from './biquad-filter.ts';
import { hzToMidi } from '../beats/music-theory.ts';

const SR = 44100;

/** A vowel-like test voice: a pulse train at f0 through three formant resonances. */
function voice(f0: number, seconds: number): Float32Array {
  const n = Math.round(SR * seconds);
  const pulses = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    phase += f0 / SR;
    if (phase >= 1) {
      phase -= 1;
      pulses[i] = 1;
    }
  }
  const out = new Float32Array(n);
  for (const frequency of [700, 1200, 2600]) {
    const band = new Biquad({ type: 'bandpass', frequency, sampleRate: SR, q: 6 }).process(pulses.slice());
    for (let i = 0; i < n; i++) out[i]! += 0.3 * band[i]!;
  }
  return out;
}

/** Median f0 (in MIDI notes) an independent YIN tracker hears between two times. */
function heardNote(x: Float32Array, from: number, to: number): number {
  const track = trackPitch(x.subarray(Math.round(from * SR), Math.round(to * SR)), { sampleRate: SR });
  const f = [...track.frequencies].filter((v) => v > 0).sort((a, b) => a - b);
  return hzToMidi(f[f.length >> 1] ?? 1);
}

describe('psolaPitch', () => {
  it('sings a monotone voice onto a sequence of notes, each heard within 20 cents', () => {
    const f0 = 196;
    const input = voice(f0, 2.4);
    const steps = [0, 2, 4, 5, 7, -3, -5, 3];
    const out = psolaPitch(input, {
      sampleRate: SR,
      expectedF0: 190,
      targetF0: (t) => f0 * 2 ** (steps[Math.min(steps.length - 1, Math.floor(t / 0.3))]! / 12),
    });
    expect(out.length).toBe(input.length);
    const base = hzToMidi(f0);
    steps.forEach((step, k) => {
      expect(Math.abs(heardNote(out, k * 0.3 + 0.06, k * 0.3 + 0.26) - (base + step))).toBeLessThan(0.2);
    });
    // The input itself stays one note throughout: the change is the shifter's.
    expect(Math.abs(heardNote(input, 1.26, 1.46) - base)).toBeLessThan(0.2);
  });
  it('keeps time and level: silence stays silent and a voiced stretch keeps its loudness', () => {
    const input = new Float32Array(SR);
    input.set(voice(150, 0.5), Math.round(0.25 * SR));
    const out = psolaPitch(input, { sampleRate: SR, expectedF0: 150, targetF0: () => 150 * 2 ** (4 / 12) });
    const rms = (x: Float32Array, a: number, b: number) => {
      let s = 0;
      for (let i = Math.round(a * SR); i < Math.round(b * SR); i++) s += x[i]! ** 2;
      return Math.sqrt(s / Math.round((b - a) * SR));
    };
    expect(rms(out, 0, 0.2)).toBe(0);
    expect(rms(out, 0.8, 1)).toBe(0);
    const ratio = rms(out, 0.35, 0.65) / rms(input, 0.35, 0.65);
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
  });
  it('passes consonants through: a hiss between two vowels leaves the shifter untouched', () => {
    const input = new Float32Array(Math.round(1.2 * SR));
    input.set(voice(150, 0.4), 0);
    input.set(voice(150, 0.4), Math.round(0.8 * SR));
    // Deterministic noise (a fricative) between them.
    let seed = 7;
    for (let i = Math.round(0.45 * SR); i < Math.round(0.75 * SR); i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      input[i] = 0.05 * (seed / 1073741824 - 1);
    }
    const out = psolaPitch(input, { sampleRate: SR, expectedF0: 150, targetF0: () => 150 * 2 ** (5 / 12) });
    let diff = 0;
    let energy = 0;
    for (let i = Math.round(0.5 * SR); i < Math.round(0.7 * SR); i++) {
      diff += (out[i]! - input[i]!) ** 2;
      energy += input[i]! ** 2;
    }
    expect(diff / energy).toBeLessThan(1e-6);
    // The vowels around it are still sung a fourth up.
    expect(Math.abs(heardNote(out, 0.1, 0.35) - (hzToMidi(150) + 5))).toBeLessThan(0.2);
    expect(Math.abs(heardNote(out, 0.85, 1.1) - (hzToMidi(150) + 5))).toBeLessThan(0.2);
  });
});
