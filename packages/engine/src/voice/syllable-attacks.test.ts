import { describe, expect, it } from 'vitest';
import { Biquad } from '../dsp/biquad-filter.ts';
import { codaSpans, onsetConsonantSpans, shapeSyllableAttacks } from './syllable-attacks.ts';
import { buildTimedWord as word, levelDb as levelDbAt } from './timed-words.fixture.ts';

const SR = 16000;
const level = (x: Float32Array, from: number, to: number) => levelDbAt(x, SR, from, to);

/** A 300 Hz tone (and a 3 kHz one beside it) whose level follows `db` (seconds → dB). */
function toneWithLevel(
  db: (t: number) => number,
  length = 1,
): { low: Float32Array; high: Float32Array; sum: Float32Array } {
  const low = Float32Array.from(
    { length: length * SR },
    (_, i) => 10 ** (db(i / SR) / 20) * Math.sin((2 * Math.PI * 300 * i) / SR),
  );
  const high = Float32Array.from(
    { length: length * SR },
    (_, i) => 0.1 * Math.sin((2 * Math.PI * 3000 * i) / SR),
  );
  return { low, high, sum: low.map((v, i) => v + high[i]!) };
}

describe('codaSpans', () => {
  it('runs a vowel on through its voiced coda, not into the next syllable or a voiceless sound', () => {
    const spans = codaSpans([
      word('and', [
        ['ae', 0.1, 0.2, true],
        ['n', 0.2, 0.26, false],
        ['d', 0.26, 0.3, false],
      ]),
      word('moving', [
        ['m', 0.3, 0.35, false],
        ['uw', 0.35, 0.45, true],
        ['v', 0.45, 0.5, false],
        ['ih', 0.5, 0.56, true],
        ['ng', 0.56, 0.62, false],
      ]),
      word('keys', [
        ['k', 0.62, 0.7, false],
        ['iy', 0.7, 0.8, true],
        ['z', 0.8, 0.9, false],
      ]),
      word('hits', [
        ['hh', 0.9, 0.95, false],
        ['ih', 0.95, 1.0, true],
        ['t', 1.0, 1.05, false],
        ['s', 1.05, 1.1, false],
      ]),
    ]);
    expect(spans.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: 0.1, end: 0.3 },
      { start: 0.35, end: 0.45 },
      { start: 0.5, end: 0.62 },
      { start: 0.7, end: 0.9 },
      { start: 0.95, end: 1.0 },
    ]);
  });
});

describe('shapeSyllableAttacks', () => {
  // "band": the vowel sinks 12 dB into its nasal and the nasal's murmur comes back up 8 dB.
  const words = [
    word('band', [
      ['b', 0.15, 0.2, false],
      ['ae', 0.2, 0.4, true],
      ['n', 0.4, 0.5, false],
      ['d', 0.5, 0.55, false],
    ]),
  ];
  const contour = (t: number) => (t < 0.35 ? -6 : t < 0.42 ? -18 : t < 0.55 ? -10 : -6);

  it('keeps the murmur from rising again under 1 kHz, and leaves the band above alone', () => {
    const { sum, high } = toneWithLevel(contour);
    const out = shapeSyllableAttacks(sum.slice(), { sampleRate: SR, words });
    // The rise is held near the dip's level (1 dB over it, climbing 40 dB a second), not let 8 dB
    // above it.
    expect(level(sum, 0.425, 0.46) - level(out, 0.425, 0.46)).toBeGreaterThan(4);
    // The 3 kHz tone is still all there (its projection on the output).
    let dot = 0;
    let norm = 0;
    for (let i = 0.45 * SR; i < 0.53 * SR; i++)
      [dot, norm] = [dot + out[i]! * high[i]!, norm + high[i]! ** 2];
    expect(dot / norm).toBeCloseTo(1, 1);
    // The vowel's attack and what follows the syllable are untouched.
    expect(level(out, 0.21, 0.33)).toBeCloseTo(level(sum, 0.21, 0.33), 1);
    expect(level(out, 0.6, 0.9)).toBeCloseTo(level(sum, 0.6, 0.9), 1);
  });

  it('with a split, holds a rise in the upper part of the band that the voicing under it hides', () => {
    // "keys": the voicing at 150 Hz sinks steadily while the "z" brings 700 Hz up 8 dB after a dip.
    const voicing = (t: number) => (t < 0.3 ? -12 : -12 - (t - 0.3) * 40);
    const upper = (t: number) => (t < 0.35 ? -20 : t < 0.42 ? -32 : -24);
    const sum = Float32Array.from({ length: SR }, (_, i) => {
      const t = i / SR;
      return (
        10 ** (voicing(t) / 20) * Math.sin(2 * Math.PI * 150 * t) +
        10 ** (upper(t) / 20) * Math.sin(2 * Math.PI * 700 * t)
      );
    });
    const upperLevel = (x: Float32Array) => {
      const band = x.slice();
      for (let k = 0; k < 2; k++)
        new Biquad({ type: 'highpass', frequency: 500, sampleRate: SR, q: 0.7 }).process(band);
      return level(band, 0.425, 0.46);
    };
    const whole = shapeSyllableAttacks(sum.slice(), { sampleRate: SR, words });
    const split = shapeSyllableAttacks(sum.slice(), { sampleRate: SR, words, split: [300] });
    expect(upperLevel(sum) - upperLevel(whole)).toBeLessThan(1.5);
    expect(upperLevel(sum) - upperLevel(split)).toBeGreaterThan(3);
    // The vowel's attack is untouched either way.
    expect(level(split, 0.21, 0.33)).toBeCloseTo(level(sum, 0.21, 0.33), 1);
  });

  it('leaves a syllable whose level only falls as it was, from its vowel on', () => {
    const { sum } = toneWithLevel((t) => (t < 0.35 ? -6 : -12));
    const out = shapeSyllableAttacks(sum.slice(), { sampleRate: SR, words });
    let worst = 0;
    for (let i = 0.205 * SR; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i]! - sum[i]!));
    expect(worst).toBeLessThan(0.05);
  });

  it('turns the band down by at most maxCut', () => {
    const { low } = toneWithLevel((t) => (t < 0.35 ? -6 : t < 0.42 ? -40 : -6));
    const out = shapeSyllableAttacks(low.slice(), { sampleRate: SR, words, maxCut: -12 });
    const drop = level(low, 0.46, 0.53) - level(out, 0.46, 0.53);
    expect(drop).toBeGreaterThan(8);
    expect(drop).toBeLessThan(13);
  });

  it('lets a slow swell through: the lowest level climbs back', () => {
    // 6 dB over 130 ms after the dip (46 dB a second): the limit (40 dB a second) takes off little.
    const { low } = toneWithLevel((t) =>
      t < 0.3 ? -6 : t < 0.32 ? -12 : t < 0.45 ? -12 + (t - 0.32) * 46 : -6,
    );
    const out = shapeSyllableAttacks(low.slice(), { sampleRate: SR, words });
    expect(level(low, 0.4, 0.45) - level(out, 0.4, 0.45)).toBeLessThan(2.5);
  });

  it("raises a word-initial vowel's slow opening to its level, and only that", () => {
    // "of" after a rest: Flite's vowel fades in from -30 dB over 80 ms.
    const of = [
      word('of', [
        ['ah', 0.3, 0.45, true],
        ['v', 0.45, 0.5, false],
      ]),
    ];
    const { low } = toneWithLevel((t) => (t < 0.3 ? -90 : t < 0.38 ? -30 + ((t - 0.3) / 0.08) * 24 : -6));
    const out = shapeSyllableAttacks(low.slice(), { sampleRate: SR, words: of });
    // Its first 20 ms were 25-30 dB down; now within 15 dB of the vowel (lifted by at most 12).
    expect(level(out, 0.305, 0.325)).toBeGreaterThan(level(low, 0.305, 0.325) + 9);
    expect(level(out, 0.305, 0.325)).toBeLessThan(level(low, 0.305, 0.325) + 12.5);
    expect(level(out, 0.4, 0.45)).toBeCloseTo(level(low, 0.4, 0.45), 1);
    // Silence before the word stays silent.
    expect(level(out, 0.1, 0.28)).toBeLessThan(-60);
  });

  it('turns a voiced consonant that opens the syllable down by onsetCut, up to its vowel', () => {
    const { low } = toneWithLevel(() => -6);
    const out = shapeSyllableAttacks(low.slice(), { sampleRate: SR, words, onsetCut: -9 });
    // "b" (0.15-0.2 s) 9 dB down; the vowel from its start at its level.
    // (The gain is smoothed over 5 ms at each edge.)
    const cut = level(out, 0.165, 0.185) - level(low, 0.165, 0.185);
    expect(cut).toBeLessThan(-8);
    expect(cut).toBeGreaterThan(-9.5);
    expect(level(out, 0.205, 0.33)).toBeCloseTo(level(low, 0.205, 0.33), 1);
    const kept = shapeSyllableAttacks(low.slice(), { sampleRate: SR, words, onsetCut: 0 });
    expect(level(kept, 0.155, 0.19)).toBeCloseTo(level(low, 0.155, 0.19), 2);
  });

  it('turns such a consonant after a pause down by pausedOnsetCut, one after a vowel by onsetCut', () => {
    // "band me": "b" after silence, "m" straight after the "d" that ends "band".
    const both = [
      ...words,
      word('me', [
        ['m', 0.55, 0.62, false],
        ['iy', 0.62, 0.8, true],
      ]),
    ];
    const { low } = toneWithLevel(() => -6);
    const out = shapeSyllableAttacks(low.slice(), {
      sampleRate: SR,
      words: both,
      onsetCut: -9,
      pausedOnsetCut: -30,
    });
    const cutAt = (from: number, to: number) => level(out, from, to) - level(low, from, to);
    // (The band's edge passes 300 Hz at 0.98, so what is left of the tone is 24 dB down.)
    expect(cutAt(0.165, 0.185)).toBeLessThan(-20);
    // "m" after "band"'s coda: the run from the coda on is 9 dB down, not 30.
    expect(cutAt(0.575, 0.6)).toBeLessThan(-8);
    expect(cutAt(0.575, 0.6)).toBeGreaterThan(-10);
    expect(level(out, 0.205, 0.33)).toBeCloseTo(level(low, 0.205, 0.33), 1);
  });
  it('with holdOnsets, keeps such a consonant from rising again before its vowel', () => {
    // "of May": "v" then "m" rising 8 dB into the nasal, straight after the vowel of "of".
    const ofMay = [
      word('of', [
        ['ah', 0.1, 0.25, true],
        ['v', 0.25, 0.32, false],
      ]),
      word('may', [
        ['m', 0.32, 0.4, false],
        ['ey', 0.4, 0.6, true],
      ]),
    ];
    const { low } = toneWithLevel((t) => (t < 0.25 ? -6 : t < 0.32 ? -20 : t < 0.4 ? -12 : -6));
    const shape = (holdOnsets: boolean) =>
      shapeSyllableAttacks(low.slice(), { sampleRate: SR, words: ofMay, onsetCut: -9, holdOnsets });
    const cutAt = (out: Float32Array) => level(out, 0.345, 0.39) - level(low, 0.345, 0.39);
    // Without the hold the "m" is 9 dB down and still 8 dB over the "v"; with it, near the "v".
    expect(cutAt(shape(false))).toBeGreaterThan(-10);
    expect(cutAt(shape(true))).toBeLessThan(-12);
    // The vowel of "may" keeps its level either way.
    expect(level(shape(true), 0.42, 0.55)).toBeCloseTo(level(low, 0.42, 0.55), 1);
  });
});

describe('onsetConsonantSpans', () => {
  const span = (words: Parameters<typeof onsetConsonantSpans>[0]) =>
    onsetConsonantSpans(words).map(({ start, end }) => [start, end]);

  it('takes the voiced consonants before a vowel after a pause, a vowel or another voiced consonant', () => {
    expect(
      span([
        word('me', [
          ['m', 0.1, 0.16, false],
          ['iy', 0.16, 0.3, true],
        ]),
        word('down', [
          ['d', 0.3, 0.35, false],
          ['aw', 0.35, 0.5, true],
          ['n', 0.5, 0.55, false],
        ]),
        word('drive', [
          ['d', 0.55, 0.6, false],
          ['r', 0.6, 0.65, false],
          ['ay', 0.65, 0.8, true],
          ['v', 0.8, 0.85, false],
        ]),
      ]),
    ).toEqual([
      [0.1, 0.16],
      [0.3, 0.35],
      // Back through "down"'s coda to its vowel, and only up to the glide "drive" opens on.
      [0.5, 0.6],
    ]);
  });

  it('tells a run after a pause from one after a vowel', () => {
    const spans = onsetConsonantSpans([
      word('me', [
        ['m', 0.1, 0.16, false],
        ['iy', 0.16, 0.3, true],
      ]),
      word('down', [
        ['d', 0.3, 0.35, false],
        ['aw', 0.35, 0.5, true],
      ]),
      word('more', [
        ['m', 0.6, 0.66, false],
        ['ao', 0.66, 0.8, true],
      ]),
    ]);
    expect(spans.map((s) => s.afterPause)).toEqual([true, false, true]);
  });

  it('leaves a run after a voiceless sound, one that opens on a glide, and one under 30 ms', () => {
    expect(
      span([
        word('snow', [
          ['s', 0.1, 0.2, false],
          ['n', 0.2, 0.26, false],
          ['ow', 0.26, 0.4, true],
        ]),
        word('we', [
          ['w', 0.4, 0.48, false],
          ['iy', 0.48, 0.6, true],
        ]),
        word('the', [
          ['dh', 0.6, 0.62, false],
          ['ax', 0.62, 0.7, true],
        ]),
      ]),
    ).toEqual([]);
  });
});
