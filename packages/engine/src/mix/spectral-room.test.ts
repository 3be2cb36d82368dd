import { describe, expect, it } from 'vitest';
import { makeSpectralRoom } from './spectral-room.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { seededRandom } from '../beats/seeded-random.ts';

const SR = 44100;

function noise(n: number, seed: number, gain: number): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from({ length: n }, () => (random() * 2 - 1) * gain);
}

function bandDb(x: Float32Array, low: number, high: number, from: number, to: number): number {
  const band = x.slice();
  for (let k = 0; k < 2; k++) {
    new Biquad({ type: 'highpass', frequency: low, sampleRate: SR }).process(band);
    new Biquad({ type: 'lowpass', frequency: high, sampleRate: SR }).process(band);
  }
  let s = 0;
  for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) s += band[i]! ** 2;
  return 10 * Math.log10(s + 1e-20);
}

/** A voice-like key: a 1.6–2.5 kHz band of noise from 1 s to 2 s, silence around it. */
function voiceAt2k(n: number): Float32Array {
  const voice = new Float32Array(n);
  const part = noise(SR, 9, 0.05);
  for (let k = 0; k < 2; k++) {
    new Biquad({ type: 'highpass', frequency: 1600, sampleRate: SR }).process(part);
    new Biquad({ type: 'lowpass', frequency: 2500, sampleRate: SR }).process(part);
  }
  voice.set(part, SR);
  return voice;
}

describe('makeSpectralRoom', () => {
  it('cuts the beat where and while the voice sounds, and only there', () => {
    const n = 3 * SR;
    const left = noise(n, 1, 0.3);
    const right = noise(n, 2, 0.3);
    const beat: [Float32Array, Float32Array] = [left.slice(), right.slice()];
    makeSpectralRoom(beat, voiceAt2k(n), { sampleRate: SR });
    for (const [before, after] of [
      [left, beat[0]],
      [right, beat[1]],
    ] as const) {
      const change = (lo: number, hi: number, from: number, to: number) =>
        bandDb(after, lo, hi, from, to) - bandDb(before, lo, hi, from, to);
      // Under the voice, in its band: the beat steps aside by up to the band's limit (12 dB).
      expect(change(1700, 2400, 1.2, 1.8)).toBeLessThan(-10);
      // Under the voice, far from its band: the beat's low end and air are kept.
      expect(Math.abs(change(60, 120, 1.2, 1.8))).toBeLessThan(0.5);
      expect(Math.abs(change(300, 600, 1.2, 1.8))).toBeLessThan(1);
      expect(Math.abs(change(9000, 14000, 1.2, 1.8))).toBeLessThan(0.5);
      // Before and well after the voice: untouched.
      expect(Math.abs(change(1700, 2400, 0.2, 0.8))).toBeLessThan(0.01);
      expect(Math.abs(change(1700, 2400, 2.4, 2.9))).toBeLessThan(0.01);
    }
  });

  it('passes the beat through unchanged where the voice is silent', () => {
    const n = SR;
    const beat: [Float32Array, Float32Array] = [noise(n, 3, 0.2), noise(n, 4, 0.2)];
    const copy = [beat[0].slice(), beat[1].slice()];
    makeSpectralRoom(beat, new Float32Array(n), { sampleRate: SR });
    expect(beat[0]).toEqual(copy[0]);
    expect(beat[1]).toEqual(copy[1]);
    const voice = new Float32Array(n);
    voice.set(voiceAt2k(2 * SR).subarray(SR, SR + 4410), 0);
    makeSpectralRoom(beat, voice, { sampleRate: SR });
    let worst = 0;
    for (let i = Math.round(0.5 * SR); i < n; i++)
      worst = Math.max(worst, Math.abs(beat[1][i]! - copy[1]![i]!));
    expect(worst).toBeLessThan(1e-6);
  });
});
