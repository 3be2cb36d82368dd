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

/** Short (lax) vowels: English ends no stressed syllable on one ("min-ute", not "mi-nute"). */
const LAX_VOWELS = new Set(['ih', 'eh', 'ae', 'ah', 'uh']);
/** Consonants a syllable can hold at its end ("nnn"), unlike a stop or a hiss. */
const HOLDABLE_CODA = new Set(['m', 'n', 'ng', 'l']);

/**
 * Whether the single consonant between two vowels closes the first syllable instead of opening the
 * second: after a stressed lax vowel, a nasal or "l" does ("win-ner"), and "ng" never opens a
 * syllable. On a swung grid "mi-nute" had its "i" stretched 3.8× and "nute" squeezed to 0.6×;
 * "min-ute" holds the "n" instead (1.2× each). Six rappers lost 271 of 948 words on their dry
 * leads and 279 in their masters against 281 and 286, onsets within 0.013. With "v", "z" and "dh"
 * held too ("sev-en"): 278 and 300.
 */
function closesSyllable(vowel: string, consonant: string, stress: Stress): boolean {
  if (consonant === 'ng') return true;
  return stress > 0 && LAX_VOWELS.has(vowel) && HOLDABLE_CODA.has(consonant);
}

/**
 * Splits timed words into syllables at vowel nuclei; a single consonant between vowels
 * starts the next syllable (maximal onset) unless it closes a stressed short vowel (see
 * closesSyllable), clusters are split after their first consonant.
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
      const closes =
        gap === 1 &&
        closesSyllable(phones[nuclei[k - 1]!]!.phone, phones[nuclei[k]! - 1]!.phone, stress[k - 1] ?? 0);
      bounds.push(nuclei[k - 1]! + 1 + (gap <= 1 && !closes ? 0 : 1));
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
