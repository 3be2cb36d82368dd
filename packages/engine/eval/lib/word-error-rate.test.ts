import { describe, expect, it } from 'vitest';
import {
  alignWords,
  normalizeForScoring,
  pooledWordErrorRate,
  spellCardinal,
  spellOrdinal,
  spellYear,
  wordErrorRate,
  wordErrors,
} from './word-error-rate.ts';

const norm = (text: string) => normalizeForScoring(text).join(' ');

describe('scoring normaliser', () => {
  it('spells numbers the American way', () => {
    expect(spellCardinal(0).join(' ')).toBe('zero');
    expect(spellCardinal(150).join(' ')).toBe('one hundred fifty');
    expect(spellCardinal(2_000_017).join(' ')).toBe('two million seventeen');
    expect(spellYear(1994).join(' ')).toBe('nineteen ninety four');
    expect(spellYear(2005).join(' ')).toBe('two thousand five');
    expect(spellYear(2024).join(' ')).toBe('twenty twenty four');
    expect(spellOrdinal(22).join(' ')).toBe('twenty second');
    expect(spellOrdinal(40).join(' ')).toBe('fortieth');
  });
  it('lower-cases, drops punctuation, keeps contractions', () => {
    expect(norm('Hello, World! "Don\u2019t" stop...')).toBe("hello world don't stop");
    expect(norm("We runnin' & gunnin'")).toBe('we running and gunning');
    expect(norm('day-to-day rock&roll')).toBe('day to day rock and roll');
  });
  it('reads times, money, ordinals, units, decimals, years and ranges', () => {
    expect(norm('At 9:45 or 7:05pm, 12:00 and 7 pm')).toBe(
      "at nine forty five or seven oh five p m twelve o'clock and seven p m",
    );
    expect(norm('$5 $1 $2.50 €10 £3 $5k')).toBe(
      'five dollars one dollar two dollars and fifty cents ten euros three pounds five thousand dollars',
    );
    expect(norm('the 1st and 22nd, 3rd 11th')).toBe('the first and twenty second third eleventh');
    expect(norm('5km at 60 mph, 10 kg, 100%, 30°, 1 mile')).toBe(
      'five kilometers at sixty miles per hour ten kilograms one hundred percent thirty degrees one mile',
    );
    expect(norm('2.5 in 1994, 3-5 times, 24/7, the 90s, 1,200')).toBe(
      'two point five in nineteen ninety four three to five times twenty four seven the nineties one thousand two hundred',
    );
  });
  it('spells acronyms as letters, keeps spoken ones as words, and reads dotted letters', () => {
    expect(norm('NYC to LA, the DJ at 90 BPM')).toBe('n y c to l a the d j at ninety b p m');
    expect(norm('NASA and a.m. and d.c.')).toBe('nasa and a m and d c');
    expect(norm('dj tv seven pm')).toBe('d j t v seven p m');
    expect(norm('I am OK')).toBe('i am okay');
  });
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions', () => {
    expect(alignWords(['a', 'b', 'c'], ['a', 'b', 'c'])).toMatchObject({ errors: 0, referenceWords: 3 });
    expect(alignWords(['a', 'b', 'c'], ['a', 'x', 'c'])).toMatchObject({ substitutions: 1, errors: 1 });
    expect(alignWords(['a', 'b', 'c'], ['a', 'c'])).toMatchObject({ deletions: 1, errors: 1 });
    expect(alignWords(['a', 'b'], ['a', 'b', 'c', 'd'])).toMatchObject({ insertions: 2, errors: 2 });
    expect(alignWords(['a', 'b'], [])).toMatchObject({ deletions: 2, errors: 2 });
  });
  it('scores after normalising both sides', () => {
    expect(wordErrorRate('Meet me at 9:45 in NYC', 'meet me at nine forty five in n. y. c.')).toBe(0);
    expect(wordErrorRate('Meet me at 9:45', 'meet me at nine')).toBeCloseTo(2 / 6);
    expect(wordErrors('the DJ', 'the dj').errors).toBe(0);
    expect(wordErrorRate('one two', 'one two three four five')).toBe(1.5);
  });
  it('pools errors over files rather than averaging rates', () => {
    const pooled = pooledWordErrorRate([
      { reference: 'a b c d e f g h i j', hypothesis: 'a b c d e f g h i j' },
      { reference: 'x y', hypothesis: '' },
    ]);
    expect(pooled).toBeCloseTo(2 / 12);
  });
});
