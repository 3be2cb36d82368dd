import { describe, expect, it } from 'vitest';
import type { TimedWord } from '../voice/voice-backend.ts';
import type { Stress } from './stress-lexicon.ts';
import { syllabify, type StressSource } from './syllabifier.ts';

const VOWELS = new Set(['ih', 'eh', 'ae', 'ah', 'uh', 'ax', 'iy', 'er', 'aw', 'ay', 'ey']);

/** A word of 0.1 s phones, as a backend would time it. */
function word(text: string, phones: string[], start = 0): TimedWord {
  return {
    text,
    start,
    end: start + 0.1 * phones.length,
    phones: phones.map((phone, i) => ({
      phone,
      start: start + 0.1 * i,
      end: start + 0.1 * (i + 1),
      isVowel: VOWELS.has(phone),
    })),
  };
}

/** Stress given per word, so the split alone is tested. */
const stressOf = (table: Record<string, Stress[]>): StressSource => ({
  stressOf: async (w) => table[w]!,
});

const split = async (w: TimedWord, stress: Stress[]) =>
  (await syllabify([w], stressOf({ [w.text]: stress }))).map((s) => s.phones.join(' '));

describe('syllabify', () => {
  it('opens the next syllable with a single consonant between vowels', async () => {
    expect(await split(word('city', ['s', 'ih', 't', 'iy']), [2, 0])).toEqual(['s ih', 't iy']);
    expect(await split(word('seven', ['s', 'eh', 'v', 'ah', 'n']), [2, 0])).toEqual(['s eh', 'v ah n']);
    expect(await split(word('baker', ['b', 'ey', 'k', 'er']), [2, 0])).toEqual(['b ey', 'k er']);
  });

  it('closes a stressed short vowel with the nasal or "l" after it, which the voice can hold', async () => {
    expect(await split(word('minute', ['m', 'ih', 'n', 'ah', 't']), [2, 0])).toEqual(['m ih n', 'ah t']);
    expect(await split(word('lemon', ['l', 'eh', 'm', 'ah', 'n']), [2, 0])).toEqual(['l eh m', 'ah n']);
    expect(await split(word('valley', ['v', 'ae', 'l', 'iy']), [2, 0])).toEqual(['v ae l', 'iy']);
    // Unstressed, or a long vowel: the consonant opens the next syllable as before.
    expect(await split(word('banana', ['b', 'ah', 'n', 'ae', 'n', 'ah']), [0, 2, 0])).toEqual([
      'b ah',
      'n ae n',
      'ah',
    ]);
    expect(await split(word('demon', ['d', 'iy', 'm', 'ah', 'n']), [2, 0])).toEqual(['d iy', 'm ah n']);
  });

  it('never opens a syllable with "ng", and splits clusters after their first consonant', async () => {
    expect(await split(word('singer', ['s', 'ih', 'ng', 'er']), [2, 0])).toEqual(['s ih ng', 'er']);
    expect(await split(word('during', ['d', 'uh', 'r', 'ih', 'ng']), [0, 2])).toEqual(['d uh', 'r ih ng']);
    expect(await split(word('winter', ['w', 'ih', 'n', 't', 'er']), [2, 0])).toEqual(['w ih n', 't er']);
  });

  it('keeps each syllable’s times inside its word, with the vowel onset inside the syllable', async () => {
    const syllables = await syllabify(
      [word('minute', ['m', 'ih', 'n', 'ah', 't'], 1)],
      stressOf({ minute: [2, 0] }),
    );
    expect(syllables.map((s) => [s.start, s.vowelStart, s.end])).toEqual([
      [1, 1.1, expect.closeTo(1.3, 9)],
      [expect.closeTo(1.3, 9), expect.closeTo(1.3, 9), expect.closeTo(1.5, 9)],
    ]);
    expect(syllables.map((s) => [s.isWordStart, s.isWordEnd])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
