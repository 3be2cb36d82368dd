import type { Seconds } from '../units.ts';
import type { TimedWord } from '../voice/voice-backend.ts';
import { dictionaryStress, guessStress, isFunctionWord, type Stress } from './stress-lexicon.ts';
import { espeakStress } from '../voice/espeak-voice.ts';

export interface TimedSyllable {
  wordIndex: number;
  word: string;
  /** Syllable span in the synthesized line. */
  start: Seconds;
  end: Seconds;
  /** Vowel onset: the perceptual beat of the syllable (its p-centre sits just before it). */
  vowelStart: Seconds;
  stress: Stress;
  isWordStart: boolean;
  isWordEnd: boolean;
  /** Phones of the syllable (for rhyme detection and ad-lib choices). */
  phones: string[];
}

export interface StressSource {
  stressOf(word: string, syllableCount: number): Promise<Stress[]>;
}

/** Dictionary first, then eSpeak's rules for unknown words, then a plain English guess. */
export const defaultStressSource: StressSource = {
  async stressOf(word, syllableCount) {
    const fromDictionary = await dictionaryStress(word);
    if (fromDictionary && fromDictionary.length === syllableCount) return fromDictionary;
    try {
      const fromRules = await espeakStress(word);
      if (fromRules.length === syllableCount) return fromRules;
    } catch {
      // eSpeak failing to load only costs stress accuracy.
    }
    if (fromDictionary && fromDictionary.length) {
      // Counts disagree (the voice merged or split a vowel): map by relative position.
      return Array.from(
        { length: syllableCount },
        (_, k) =>
          fromDictionary[Math.round((k * (fromDictionary.length - 1)) / Math.max(1, syllableCount - 1))]!,
      );
    }
    return guessStress(syllableCount);
  },
};

/**
 * Splits timed words into syllables at vowel nuclei; a single consonant between vowels
 * starts the next syllable (maximal onset), clusters are split after their first consonant.
 */
export async function syllabify(
  words: readonly TimedWord[],
  source: StressSource = defaultStressSource,
): Promise<TimedSyllable[]> {
  const out: TimedSyllable[] = [];
  for (const [wordIndex, w] of words.entries()) {
    const phones = w.phones;
    const nuclei = phones.flatMap((p, i) => (p.isVowel ? [i] : []));
    if (phones.length === 0) continue;
    if (nuclei.length === 0) {
      out.push({
        wordIndex,
        word: w.text,
        start: w.start,
        end: w.end,
        vowelStart: w.start,
        stress: 0,
        isWordStart: true,
        isWordEnd: true,
        phones: phones.map((p) => p.phone),
      });
      continue;
    }
    let stress = await source.stressOf(w.text, nuclei.length);
    if (isFunctionWord(w.text)) stress = stress.map(() => 0 as Stress);
    else if (nuclei.length === 1) stress = [2];
    const bounds = [0];
    for (let k = 1; k < nuclei.length; k++) {
      const gap = nuclei[k]! - nuclei[k - 1]! - 1;
      bounds.push(nuclei[k - 1]! + 1 + (gap <= 1 ? 0 : 1));
    }
    bounds.push(phones.length);
    for (let k = 0; k < nuclei.length; k++) {
      const first = phones[bounds[k]!]!;
      const last = phones[bounds[k + 1]! - 1]!;
      out.push({
        wordIndex,
        word: w.text,
        start: first.start,
        end: last.end,
        vowelStart: phones[nuclei[k]!]!.start,
        stress: stress[k] ?? 0,
        isWordStart: k === 0,
        isWordEnd: k === nuclei.length - 1,
        phones: phones.slice(bounds[k]!, bounds[k + 1]!).map((p) => p.phone),
      });
    }
  }
  return out;
}
