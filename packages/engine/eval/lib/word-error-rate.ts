/**
 * Word error rate for the evaluations. Both sides go through the same scoring normaliser, written
 * here on purpose and not shared with the engine's text normaliser: a reading the engine gets wrong
 * (a dropped time, an acronym said as one word) must count as an error, not vanish on both sides.
 *
 * The normalised form is what a US English speech recogniser's dictionary writes: lower case,
 * no punctuation, numbers as words ("9:45" -> "nine forty five"), acronyms as letters
 * ("NYC" -> "n y c"), American number reading without "and" ("one hundred fifty").
 */

export interface WordErrors {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Words in the normalised reference. */
  referenceWords: number;
  /** substitutions + deletions + insertions. */
  errors: number;
}

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

function belowHundred(n: number): string[] {
  if (n < 20) return [ONES[n]!];
  return n % 10 ? [TENS[Math.floor(n / 10)]!, ONES[n % 10]!] : [TENS[Math.floor(n / 10)]!];
}

function belowThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const out = hundreds ? [ONES[hundreds]!, 'hundred'] : [];
  return rest || !hundreds ? [...out, ...belowHundred(rest)] : out;
}

/** 150 -> "one hundred fifty", 2000000 -> "two million". */
export function spellCardinal(n: number): string[] {
  if (!Number.isSafeInteger(n) || n < 0) return String(n).split('').flatMap(spellDigit);
  if (n < 1000) return belowThousand(n);
  const out: string[] = [];
  for (const [size, name] of [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
  ] as const) {
    if (n >= size) {
      out.push(...belowThousand(Math.floor(n / size) % 1000), name);
      n %= size;
    }
  }
  return n ? [...out, ...belowThousand(n)] : out;
}

const spellDigit = (d: string): string[] => (/\d/.test(d) ? [ONES[Number(d)]!] : []);

/** 1994 -> "nineteen ninety four", 2005 -> "two thousand five", 2024 -> "twenty twenty four". */
export function spellYear(n: number): string[] {
  if (n >= 2000 && n < 2010) return spellCardinal(n);
  const hi = Math.floor(n / 100);
  const lo = n % 100;
  if (lo === 0) return [...belowHundred(hi), 'hundred'];
  return [...belowHundred(hi), ...(lo < 10 ? ['oh', ONES[lo]!] : belowHundred(lo))];
}

const IRREGULAR_ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

export function spellOrdinal(n: number): string[] {
  const words = spellCardinal(n);
  const last = words.pop()!;
  const ordinal = IRREGULAR_ORDINALS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal];
}

/** "9:45" -> nine forty five, "7:05" -> seven oh five, "12:00" -> twelve o'clock. */
function spellTime(hours: number, minutes: number): string[] {
  if (minutes === 0) return [...spellCardinal(hours), "o'clock"];
  return [...spellCardinal(hours), ...(minutes < 10 ? ['oh', ONES[minutes]!] : belowHundred(minutes))];
}

function spellDecimal(whole: string, fraction: string): string[] {
  return [...spellCardinal(Number(whole)), 'point', ...fraction.split('').flatMap(spellDigit)];
}

/** Plain numbers: four digits between 1100 and 2099 without a comma read as a year. */
function spellNumber(raw: string): string[] {
  const digits = raw.replace(/,/g, '');
  const n = Number(digits);
  if (!raw.includes(',') && digits.length === 4 && n >= 1100 && n <= 2099) return spellYear(n);
  return spellCardinal(n);
}

const CURRENCIES: Record<string, [string, string, string, string]> = {
  $: ['dollar', 'dollars', 'cent', 'cents'],
  '€': ['euro', 'euros', 'cent', 'cents'],
  '£': ['pound', 'pounds', 'penny', 'pence'],
};

/** Units after a number: [said after one, said after any other amount]. */
const UNITS: Record<string, [string, string]> = {
  km: ['kilometer', 'kilometers'],
  kms: ['kilometers', 'kilometers'],
  m: ['meter', 'meters'],
  cm: ['centimeter', 'centimeters'],
  mm: ['millimeter', 'millimeters'],
  kg: ['kilogram', 'kilograms'],
  kgs: ['kilograms', 'kilograms'],
  g: ['gram', 'grams'],
  lb: ['pound', 'pounds'],
  lbs: ['pounds', 'pounds'],
  mph: ['mile per hour', 'miles per hour'],
  kph: ['kilometer per hour', 'kilometers per hour'],
  'km/h': ['kilometer per hour', 'kilometers per hour'],
  mi: ['mile', 'miles'],
  ft: ['foot', 'feet'],
  min: ['minute', 'minutes'],
  mins: ['minutes', 'minutes'],
  sec: ['second', 'seconds'],
  secs: ['seconds', 'seconds'],
  hr: ['hour', 'hours'],
  hrs: ['hours', 'hours'],
  bpm: ['b p m', 'b p m'],
  '%': ['percent', 'percent'],
  '°': ['degree', 'degrees'],
  k: ['k', 'k'],
};

/** Units also read when written apart from the number ("60 mph"); short ones like "m" only glued. */
const SPACED_UNITS = new Set([
  'km',
  'kms',
  'kg',
  'kgs',
  'lb',
  'lbs',
  'mph',
  'kph',
  'km/h',
  'mi',
  'ft',
  'min',
  'mins',
  'hr',
  'hrs',
  'bpm',
  '%',
]);

const SYMBOLS: Record<string, string[]> = {
  '&': ['and'],
  '@': ['at'],
  '+': ['plus'],
  '#': ['number'],
  '=': ['equals'],
  '%': ['percent'],
};

/** All-capital words that are said as words, not letter by letter. */
const SPOKEN_ACRONYMS = new Set([
  'nasa',
  'nato',
  'fifa',
  'unicef',
  'scuba',
  'laser',
  'radar',
  'covid',
  'yolo',
]);

/** Dictionary entries that are really letter sequences: scored as their letters. */
const LETTER_WORDS: Record<string, string[]> = {
  dj: ['d', 'j'],
  tv: ['t', 'v'],
  mc: ['m', 'c'],
  mph: ['miles', 'per', 'hour'],
  pm: ['p', 'm'],
  ok: ['okay'],
};

function spellUnit(amount: string[], unit: string, singular: boolean): string[] {
  const forms = UNITS[unit.toLowerCase()];
  return forms ? [...amount, ...forms[singular ? 0 : 1].split(' ')] : [];
}

/**
 * One whitespace-separated piece of written text to scoring words. Returns null when the piece
 * is not a number form, so the caller treats it as ordinary words.
 */
function numberForm(piece: string, next: string | undefined): { words: string[]; consumed: number } | null {
  let m = /^([$€£])(\d[\d,]*)(?:\.(\d\d))?([kmb])?$/i.exec(piece);
  if (m) {
    const [one, many, centOne, centMany] = CURRENCIES[m[1]!]!;
    const whole = Number(m[2]!.replace(/,/g, ''));
    const scale = m[4] ? { k: 'thousand', m: 'million', b: 'billion' }[m[4].toLowerCase()]! : null;
    if (scale) return { words: [...spellCardinal(whole), scale, many], consumed: 1 };
    const words = [...spellCardinal(whole), whole === 1 ? one : many];
    const cents = m[3] ? Number(m[3]) : 0;
    if (cents) words.push('and', ...spellCardinal(cents), cents === 1 ? centOne : centMany);
    return { words, consumed: 1 };
  }
  m = /^(\d{1,2}):(\d\d)(am|pm|a\.m\.|p\.m\.)?$/i.exec(piece);
  if (m) {
    const suffix = m[3] ?? (next && /^(am|pm|a\.m\.|p\.m\.)$/i.test(next) ? next : undefined);
    const words = spellTime(Number(m[1]), Number(m[2]));
    if (suffix) {
      if (words[words.length - 1] === "o'clock") words.pop();
      words.push(suffix[0]!.toLowerCase(), 'm');
    }
    return { words, consumed: suffix && !m[3] ? 2 : 1 };
  }
  m = /^(\d{1,2})(am|pm)$/i.exec(piece);
  if (m) return { words: [...spellCardinal(Number(m[1])), m[2]![0]!.toLowerCase(), 'm'], consumed: 1 };
  m = /^(\d+)(st|nd|rd|th)$/i.exec(piece);
  if (m) return { words: spellOrdinal(Number(m[1])), consumed: 1 };
  m = /^'?(\d\d|\d{4})s$/.exec(piece);
  if (m) {
    const n = Number(m[1]);
    const words = m[1]!.length === 4 ? spellYear(n) : spellCardinal(n);
    const last = words.pop()!;
    return { words: [...words, last.endsWith('y') ? `${last.slice(0, -1)}ies` : `${last}s`], consumed: 1 };
  }
  m = /^(\d+)[-–](\d+)$/.exec(piece);
  if (m) return { words: [...spellNumber(m[1]!), 'to', ...spellNumber(m[2]!)], consumed: 1 };
  m = /^(\d+)\/(\d+)$/.exec(piece);
  if (m) return { words: [...spellCardinal(Number(m[1])), ...spellCardinal(Number(m[2]))], consumed: 1 };
  m = /^(\d[\d,]*)(?:\.(\d+))?(%|°|[a-z]+(?:\/h)?)?$/i.exec(piece);
  if (m) {
    const amount = m[2] ? spellDecimal(m[1]!.replace(/,/g, ''), m[2]) : spellNumber(m[1]!);
    const singular = !m[2] && Number(m[1]) === 1;
    if (m[3]) {
      const unit = spellUnit(amount, m[3], singular);
      return unit.length ? { words: unit, consumed: 1 } : null;
    }
    if (next && SPACED_UNITS.has(next.toLowerCase()))
      return { words: spellUnit(amount, next, singular), consumed: 2 };
    if (next && /^(am|pm|a\.m\.|p\.m\.)$/i.test(next))
      return { words: [...amount, next[0]!.toLowerCase(), 'm'], consumed: 2 };
    return { words: amount, consumed: 1 };
  }
  return null;
}

/** Letters of an acronym ("NYC", "D.J.", "a.m."), or null for an ordinary word. */
function acronymLetters(piece: string): string[] | null {
  if (/^(?:[a-z]\.){2,}$/i.test(piece)) return piece.replace(/\./g, '').toLowerCase().split('');
  const known = LETTER_WORDS[piece.toLowerCase()];
  if (known) return known;
  if (/^[A-Z]{2,6}s?$/.test(piece) && !SPOKEN_ACRONYMS.has(piece.toLowerCase().replace(/s$/, ''))) {
    const plural = /[A-Z]s$/.test(piece);
    const letters = (plural ? piece.slice(0, -1) : piece).toLowerCase().split('');
    if (plural) letters[letters.length - 1] += "'s";
    return letters;
  }
  return null;
}

function plainWord(piece: string): string[] {
  const lower = piece
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[^a-z0-9'.]/g, ' ');
  const out: string[] = [];
  for (let w of lower.split(/\s+/)) {
    if (/^(?:[a-z]\.)+$/.test(w)) {
      out.push(...w.replace(/\./g, '').split(''));
      continue;
    }
    w = w
      .replace(/\./g, '')
      .replace(/^'+|'+$/g, (q, at: number, s: string) =>
        at > 0 && /[a-z]{2,}in$/.test(s.slice(0, at)) ? 'g' : '',
      );
    if (!w) continue;
    if (/\d/.test(w)) {
      out.push(
        ...w
          .split(/(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)/)
          .flatMap((p) => (/^\d+$/.test(p) ? spellNumber(p) : [p])),
      );
      continue;
    }
    out.push(...(LETTER_WORDS[w] ?? [w]));
  }
  return out;
}

/** Text to the words a recogniser's dictionary would write for it. */
export function normalizeForScoring(text: string): string[] {
  const pieces = text
    .replace(/[\u201c\u201d"]/g, ' ')
    .replace(/[\u2013\u2014]/g, ' ')
    .split(/\s+/)
    .map((p) => p.replace(/^[([{'"]+(?=\S)|[)\]}"!?,;:]+$/g, '').replace(/(?<=[a-z]{2})\.$/i, ''))
    .filter(Boolean);
  const words: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (SYMBOLS[piece]) {
      words.push(...SYMBOLS[piece]);
      continue;
    }
    const number = numberForm(piece, pieces[i + 1]);
    if (number) {
      words.push(...number.words);
      i += number.consumed - 1;
      continue;
    }
    const letters = acronymLetters(piece);
    if (letters) {
      words.push(...letters);
      continue;
    }
    // Glued symbols ("rock&roll", "day-to-day") split into their parts.
    for (const part of piece.split(/([&@+#=%])|[-/]/).filter((p) => p)) {
      if (SYMBOLS[part]) words.push(...SYMBOLS[part]);
      else if (/^\d/.test(part)) words.push(...(numberForm(part, undefined)?.words ?? plainWord(part)));
      else words.push(...(acronymLetters(part) ?? plainWord(part)));
    }
  }
  return words;
}

/** Levenshtein alignment over words (substitution, deletion and insertion cost 1). */
export function alignWords(reference: readonly string[], hypothesis: readonly string[]): WordErrors {
  const n = reference.length;
  const m = hypothesis.length;
  // Each cell keeps [cost, substitutions, deletions, insertions] of the cheapest path.
  let previous = Array.from({ length: m + 1 }, (_, j) => [j, 0, 0, j] as [number, number, number, number]);
  for (let i = 1; i <= n; i++) {
    const current: [number, number, number, number][] = [[i, 0, i, 0]];
    for (let j = 1; j <= m; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      const diagonal = previous[j - 1]!;
      const up = previous[j]!;
      const left = current[j - 1]!;
      let best: [number, number, number, number] = [
        diagonal[0] + (same ? 0 : 1),
        diagonal[1] + (same ? 0 : 1),
        diagonal[2],
        diagonal[3],
      ];
      if (up[0] + 1 < best[0]) best = [up[0] + 1, up[1], up[2] + 1, up[3]];
      if (left[0] + 1 < best[0]) best = [left[0] + 1, left[1], left[2], left[3] + 1];
      current.push(best);
    }
    previous = current;
  }
  const [errors, substitutions, deletions, insertions] = previous[m]!;
  return { substitutions, deletions, insertions, referenceWords: n, errors };
}

/** Errors of one transcript against its reference text, both normalised. */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  return alignWords(normalizeForScoring(reference), normalizeForScoring(hypothesis));
}

/** Word error rate of one transcript: errors over reference words (can exceed 1 with insertions). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const e = wordErrors(reference, hypothesis);
  return e.errors / Math.max(1, e.referenceWords);
}

/** Pooled WER over several files: all errors over all reference words, not a mean of rates. */
export function pooledWordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): number {
  let errors = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const e = wordErrors(reference, hypothesis);
    errors += e.errors;
    words += e.referenceWords;
  }
  return errors / Math.max(1, words);
}
