import { dictionary } from 'cmu-pronouncing-dictionary';

const cmu = dictionary as Record<string, string>;

function phonesOf(word: string): string[] | null {
  const entry = cmu[word.toLowerCase().replace(/[^a-z']/g, '')];
  return entry ? entry.split(' ') : null;
}

/**
 * The part of a word's last pronunciation that must match for two words to rhyme: from the last
 * stressed vowel to the end, stress marks removed ("night" → "AY T", "tonight" → "AY T").
 */
export function rhymeKey(text: string): string | null {
  const words = text.trim().split(/\s+/);
  const phones = phonesOf(words[words.length - 1] ?? '');
  if (!phones) return null;
  let start = -1;
  for (let i = phones.length - 1; i >= 0; i--) {
    if (/[12]$/.test(phones[i]!)) {
      start = i;
      break;
    }
  }
  if (start < 0) start = phones.findLastIndex((phone) => /\d$/.test(phone));
  if (start < 0) return null;
  return phones
    .slice(start)
    .map((phone) => phone.replace(/\d/g, ''))
    .join(' ');
}

/** Syllables in a line: vowels in the dictionary's pronunciation, or vowel groups for unknown words. */
export function countSyllables(text: string): number {
  let total = 0;
  for (const raw of text
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean)) {
    const phones = phonesOf(raw);
    if (phones) total += phones.filter((phone) => /\d$/.test(phone)).length;
    else total += Math.max(1, (raw.replace(/e$/, '').match(/[aeiouy]+/g) ?? []).length);
  }
  return total;
}

export function isPronounceable(word: string): boolean {
  return phonesOf(word) !== null;
}

/**
 * Whether two lines rhyme as a listener hears rap: the same sound from the last stressed vowel on, or the same
 * stressed vowel with a near ending (slant: "plan" and "hand", "time" and "mind"). "Here" and "clear" are one
 * vowel to the ear though the dictionary writes them apart, and so are "on" and "gone" for most American speakers.
 */
export function rhymesWith(a: string, b: string): boolean {
  const ka = rhymeKey(a);
  const kb = rhymeKey(b);
  if (!ka || !kb) return false;
  if (ka === kb) return true;
  const vowel = (key: string) => key.replace(/^IY R/, 'IH R').replace(/^AO/, 'AA').split(' ')[0];
  return vowel(ka) === vowel(kb);
}
