/** Stress per syllable: 2 primary, 1 secondary, 0 none. */
export type Stress = 0 | 1 | 2;

/** Words that carry no stress in running speech, whatever the dictionary says. */
const FUNCTION_WORDS = new Set(
  (
    "a an the and or but nor of to in on at by for from with per as is was were be been am are i i'm i'd i'll i've my me " +
    "you you're your we we're our us he he's him his she she's her it it's its they they're them their this that these those " +
    'do does did so than then if up into onto out off just can could would should will shall may might must ' +
    "not no yeah uh oh ah a's da tha"
  ).split(' '),
);

export const isFunctionWord = (word: string): boolean => FUNCTION_WORDS.has(word.toLowerCase());

/**
 * Function words that may end a phrase: object pronouns ("call me | at seven"), the particles
 * "up", "out" and "off", "that", "so", "then" and fillers. Every other function word (article,
 * possessive, preposition, conjunction, subject pronoun, auxiliary) leans on the word after it: a
 * speaker does not pause after one inside a phrase ("with the | city", "by | the door").
 */
const MAY_END_A_PHRASE = new Set(
  "me us him it them that so then up out off just no yeah uh oh ah a's da tha".split(' '),
);

export const leansOnNextWord = (word: string): boolean =>
  isFunctionWord(word) && !MAY_END_A_PHRASE.has(word.toLowerCase());

let dictionary: Record<string, string> | undefined;

async function cmu(): Promise<Record<string, string>> {
  dictionary ??= (await import('cmu-pronouncing-dictionary')).dictionary;
  return dictionary;
}

/** CMU dictionary stress pattern for a word, or null when the word is unknown. */
export async function dictionaryStress(word: string): Promise<Stress[] | null> {
  const entry = (await cmu())[word.toLowerCase()];
  if (!entry) return null;
  const out: Stress[] = [];
  for (const phone of entry.split(' ')) {
    const digit = /[012]$/.exec(phone)?.[0];
    if (digit !== undefined) out.push(digit === '1' ? 2 : digit === '2' ? 1 : 0);
  }
  return out;
}

/** CMU pronunciation (ARPAbet with stress digits), used for rhyme keys. */
export async function dictionaryPhones(word: string): Promise<string[] | null> {
  const entry = (await cmu())[word.toLowerCase()];
  return entry ? entry.split(' ') : null;
}

/** English default when nothing knows the word: stress the first syllable of two, the penult of more. */
export function guessStress(syllables: number): Stress[] {
  if (syllables <= 0) return [];
  if (syllables === 1) return [2];
  const out = new Array<Stress>(syllables).fill(0);
  out[syllables <= 2 ? 0 : syllables - 2] = 2;
  return out;
}
