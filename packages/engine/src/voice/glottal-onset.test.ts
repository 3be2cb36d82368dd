import { describe, expect, it } from 'vitest';
import { applyGlottalOnsets } from './glottal-onset.ts';
import type { TimedWord } from './voice-backend.ts';
import { buildTimedWord as word, levelDb as levelDbAt } from './timed-words.fixture.ts';

const SR = 16000;
const level = (x: Float32Array, from: number, to: number) => levelDbAt(x, SR, from, to);

/** A steady 200 Hz tone under "rock and" (joined), a rest, then "on" and "me". */
function rockAndOnMe(): { samples: Float32Array; words: TimedWord[] } {
  const samples = Float32Array.from({ length: SR }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 200 * i) / SR));
  const words = [
    word('rock', [
      ['r', 0.05, 0.1, false],
      ['aa', 0.1, 0.2, true],
      ['k', 0.2, 0.25, false],
    ]),
    word('and', [
      ['ae', 0.25, 0.35, true],
      ['n', 0.35, 0.4, false],
    ]),
    word('on', [
      ['aa', 0.6, 0.7, true],
      ['n', 0.7, 0.75, false],
    ]),
    word('me', [
      ['m', 0.75, 0.8, false],
      ['iy', 0.8, 0.9, true],
    ]),
  ];
  return { samples, words };
}

describe('applyGlottalOnsets', () => {
  it('drops the sound just before a vowel that opens a word joined to the one before', () => {
    const { samples, words } = rockAndOnMe();
    const out = applyGlottalOnsets(samples.slice(), { sampleRate: SR, words });
    // "and" follows "rock" with no rest: 12 ms down by 20 dB, ending 2 ms before its vowel.
    expect(level(out, 0.237, 0.247) - level(samples, 0.237, 0.247)).toBeLessThan(-18);
    // The vowel itself and the consonant before the drop keep their level.
    expect(Math.abs(level(out, 0.252, 0.34) - level(samples, 0.252, 0.34))).toBeLessThan(0.3);
    expect(Math.abs(level(out, 0.2, 0.23) - level(samples, 0.2, 0.23))).toBeLessThan(0.01);
  });

  it('leaves a word after a rest, a word opening on a consonant and the first word alone', () => {
    const { samples, words } = rockAndOnMe();
    const out = applyGlottalOnsets(samples.slice(), { sampleRate: SR, words });
    const untouched = (from: number, to: number) =>
      expect(Math.abs(level(out, from, to) - level(samples, from, to))).toBeLessThan(0.01);
    untouched(0.55, 0.6); // before "on", 0.2 s after "and"
    untouched(0.73, 0.8); // before "me"'s "m" and its vowel
    untouched(0.02, 0.1); // before "rock"
  });

  it('works in place', () => {
    const { samples, words } = rockAndOnMe();
    const before = samples[Math.round(0.242 * SR)];
    expect(applyGlottalOnsets(samples, { sampleRate: SR, words })).toBe(samples);
    expect(Math.abs(samples[Math.round(0.242 * SR)]!)).toBeLessThan(0.2 * Math.abs(before!));
  });

  it('sets how deep and how long the attack is', () => {
    const { samples, words } = rockAndOnMe();
    const out = applyGlottalOnsets(samples.slice(), {
      sampleRate: SR,
      words,
      depth: -6,
      length: 0.02,
      lead: 0,
    });
    expect(level(out, 0.232, 0.248) - level(samples, 0.232, 0.248)).toBeCloseTo(-6, 0);
  });
});
