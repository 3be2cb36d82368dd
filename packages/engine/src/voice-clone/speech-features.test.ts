import { describe, expect, it } from 'vitest';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import { pitchAtFrames, toFeatureRate } from './speech-features.ts';
import { smoothContour } from './cloned-voice-backend.ts';
import { synthVoice } from './voice-test-signals.ts';

const voicedShare = (f0: Float32Array) => f0.filter((f) => f > 0).length / f0.length;

describe('pitchAtFrames', () => {
  it('tracks a low voice gliding 85-110 Hz within 3 % where it sounds', () => {
    const seconds = 4;
    const signal = synthVoice({ seconds, lowHz: 85, highHz: 110, pauseEvery: 100 });
    const f0 = pitchAtFrames(signal, seconds * 100);
    const voiced = Array.from(f0).filter((f) => f > 0);
    expect(voiced.length).toBeGreaterThan(0.7 * f0.length);
    for (const f of voiced) {
      expect(f).toBeGreaterThan(85 * 0.97);
      expect(f).toBeLessThan(110 * 1.03);
    }
  });

  it('hears the voicing of a diphone voice (Flite kal16) through its vowels', async () => {
    const spoken = await new FliteVoiceBackend().synthesize({
      text: 'i got the rhythm in my bones and the city in my veins',
      voice: 'kal16',
    });
    const signal = toFeatureRate(spoken.samples, spoken.sampleRate);
    const f0 = pitchAtFrames(signal, Math.ceil(signal.length / 160));
    // Each long vowel: most of its frames voiced, at the voice's own register (kal16 ≈ 80-130 Hz).
    for (const phone of spoken.words
      .flatMap((w) => w.phones)
      .filter((p) => p.isVowel && p.end - p.start > 0.08)) {
      const inside = f0.subarray(Math.ceil(phone.start * 100) + 1, Math.floor(phone.end * 100) - 1);
      expect(voicedShare(inside), `${phone.phone} at ${phone.start}`).toBeGreaterThan(0.6);
      const heard = Array.from(inside).filter((f) => f > 0);
      expect(Math.min(...heard)).toBeGreaterThan(60);
      expect(Math.max(...heard)).toBeLessThan(160);
    }
  });
});

describe('smoothContour', () => {
  it('bridges a short drop-out, folds an octave slip and leaves pauses alone', () => {
    const pause = new Array(20).fill(0);
    const f0 = Float32Array.from([0, 100, 100, 0, 0, 100, 200, 100, 100, ...pause, 120, 120]);
    const out = smoothContour(f0);
    expect(out[0]).toBe(0);
    expect(out[3]).toBeCloseTo(100, 0);
    expect(out[6]).toBeCloseTo(100, 0);
    expect(Array.from(out.subarray(9, 29))).toEqual(pause);
    expect(out[30]).toBeCloseTo(120, 0);
  });

  it('starts a stretch after a short pause within 2 semitones of the last, then glides to its own pitch', () => {
    const f0 = Float32Array.from([
      ...new Array(10).fill(100),
      ...new Array(8).fill(0),
      ...new Array(20).fill(150),
    ]);
    const out = smoothContour(f0);
    expect(12 * Math.log2(out[18]! / out[9]!)).toBeLessThanOrEqual(2.01);
    expect(Array.from(out.subarray(10, 18))).toEqual(new Array(8).fill(0));
    for (let f = 19; f < 38; f++) expect(out[f]!).toBeGreaterThanOrEqual(out[f - 1]! - 1e-3);
    expect(out[37]).toBeCloseTo(150, 0);
  });
});
