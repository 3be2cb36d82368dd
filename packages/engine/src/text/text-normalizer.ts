import { cardinalWords, decadeWords, ordinalWords, yearWords } from './number-words.ts';

/** A written token and the words a voice should say for it ("24/7" -> twenty four seven). */
export interface NormalizedToken {
  display: string;
  spoken: string[];
}

const SYMBOLS: Record<string, string[]> = {
  '&': ['and'],
  '@': ['at'],
  '+': ['plus'],
  '%': ['percent'],
  '#': ['number'],
  '=': ['equals'],
};

const ABBREVIATIONS: Record<string, string[]> = {
  'mr.': ['mister'],
  'mrs.': ['missus'],
  'dr.': ['doctor'],
  'st.': ['street'],
  'vs.': ['versus'],
  vs: ['versus'],
  'ft.': ['featuring'],
  'feat.': ['featuring'],
  'w/': ['with'],
  ok: ['okay'],
};

/** Word-internal apostrophes survive; curly quotes become straight ones first. */
const cleanWord = (w: string) =>
  w
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[^a-z']/g, '')
    .replace(/^'+(?!em\b|cause\b|til\b|bout\b|round\b)/, '')
    .replace(/'+$/, (m, offset: number, s: string) => (/in$/.test(s.slice(0, offset)) ? "'" : ''));

/** Dropped-g endings ("runnin'") are spoken with their g: TTS lexicons only know the full form. */
function expandDroppedG(word: string): string {
  return /[a-z]{2,}in'$/.test(word) ? `${word.slice(0, -1)}g` : word;
}

function numberToWords(raw: string): string[] | null {
  let m = /^\$(\d[\d,]*)(?:\.(\d{2}))?$/.exec(raw);
  if (m) {
    const n = Number(m[1]!.replace(/,/g, ''));
    const words = [...cardinalWords(n), n === 1 ? 'dollar' : 'dollars'];
    if (m[2] && Number(m[2])) words.push('and', ...cardinalWords(Number(m[2])), 'cents');
    return words;
  }
  m = /^(\d+)(st|nd|rd|th)$/i.exec(raw);
  if (m) return ordinalWords(Number(m[1]));
  m = /^'?(\d{2}|\d{4})'?s$/.exec(raw);
  if (m) return decadeWords(Number(m[1]));
  m = /^(\d+)%$/.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), 'percent'];
  m = /^(\d+)\/(\d+)$/.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), ...cardinalWords(Number(m[2]))];
  m = /^(\d+)k$/i.exec(raw);
  if (m) return [...cardinalWords(Number(m[1])), 'k'];
  m = /^(\d+)\.(\d+)$/.exec(raw);
  if (m)
    return [
      ...cardinalWords(Number(m[1])),
      'point',
      ...m[2]!.split('').flatMap((d) => cardinalWords(Number(d))),
    ];
  m = /^\d[\d,]*$/.exec(raw);
  if (m) {
    const n = Number(raw.replace(/,/g, ''));
    if (!raw.includes(',') && raw.length === 4 && n >= 1100 && n <= 2099) return yearWords(n);
    return cardinalWords(n);
  }
  return null;
}

/** Turns one lyric line into display tokens with the words a TTS voice should say. */
export function normalizeLine(line: string): NormalizedToken[] {
  const tokens: NormalizedToken[] = [];
  const raw = line
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, ' ');
  for (const piece of raw.split(/\s+/).filter(Boolean)) {
    const bare = piece.replace(/^[("[{]+|[)"\]},;:!?.]+$/g, '');
    const lower = piece.toLowerCase().replace(/[,;:!?"]+$/, '');
    if (ABBREVIATIONS[lower]) {
      tokens.push({ display: bare || piece, spoken: ABBREVIATIONS[lower] });
      continue;
    }
    const numeric = numberToWords(bare);
    if (numeric) {
      tokens.push({ display: bare, spoken: numeric });
      continue;
    }
    if (SYMBOLS[bare]) {
      tokens.push({ display: bare, spoken: SYMBOLS[bare] });
      continue;
    }
    // Split glued forms ("rock&roll", "day-to-day", "R2") into sayable parts.
    const parts = bare
      .split(/([&@+%#=]|-|\/|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z]))/i)
      .filter((p) => p && p !== '-' && p !== '/');
    const spoken: string[] = [];
    for (const part of parts) {
      const n = numberToWords(part);
      if (n) spoken.push(...n);
      else if (SYMBOLS[part]) spoken.push(...SYMBOLS[part]);
      else {
        const w = expandDroppedG(cleanWord(part));
        if (/[a-z]/.test(w)) spoken.push(w);
      }
    }
    if (spoken.length) tokens.push({ display: bare || piece, spoken });
  }
  return tokens;
}
