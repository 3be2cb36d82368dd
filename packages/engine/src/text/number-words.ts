const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

function underHundred(n: number): string[] {
  if (n < 20) return [ONES[n]!];
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 ? [t, ONES[n % 10]!] : [t];
}

function underThousand(n: number): string[] {
  const out: string[] = [];
  if (n >= 100) {
    // American reading, as the en-us voices and recognisers expect: "one hundred fifty".
    out.push(ONES[Math.floor(n / 100)]!, 'hundred');
    n %= 100;
  }
  if (n || out.length === 0) out.push(...underHundred(n));
  return out;
}

/** Cardinal number in words: 2024 -> "two thousand twenty four". */
export function cardinalWords(n: number): string[] {
  if (!Number.isFinite(n)) return [];
  if (n < 0) return ['minus', ...cardinalWords(-n)];
  n = Math.floor(n);
  if (n === 0) return ['zero'];
  const out: string[] = [];
  for (const [value, name] of SCALES) {
    if (n >= value) {
      out.push(...underThousand(Math.floor(n / value)), name);
      n %= value;
    }
  }
  if (n) out.push(...underThousand(n));
  return out;
}

/** Years are read in pairs: 1999 -> "nineteen ninety nine", 2005 -> "two thousand five". */
export function yearWords(n: number): string[] {
  if (n >= 2000 && n < 2010)
    return n === 2000 ? ['two', 'thousand'] : ['two', 'thousand', ...underHundred(n % 100)];
  const hi = Math.floor(n / 100);
  const lo = n % 100;
  if (lo === 0) return [...underHundred(hi), 'hundred'];
  return [...underHundred(hi), ...(lo < 10 ? ['oh', ONES[lo]!] : underHundred(lo))];
}

const ORDINAL_IRREGULAR: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

export function ordinalWords(n: number): string[] {
  const words = cardinalWords(n);
  const last = words.pop()!;
  const irregular = ORDINAL_IRREGULAR[last];
  const ordinal = irregular ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal];
}

/** "90s" -> "nineties". */
export function decadeWords(n: number): string[] {
  const words = n >= 1000 ? yearWords(n) : cardinalWords(n);
  const last = words.pop()!;
  return [...words, pluralNumberWord(last)];
}

/** A number word made plural: fours, sixes, twenties. */
export const pluralNumberWord = (word: string): string =>
  word.endsWith('x') ? `${word}es` : word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`;
