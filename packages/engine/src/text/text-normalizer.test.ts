import { describe, expect, it } from 'vitest';
import { normalizeLine } from './text-normalizer.ts';
import { cardinalWords, yearWords } from './number-words.ts';

const spoken = (line: string) =>
  normalizeLine(line)
    .flatMap((t) => t.spoken)
    .join(' ');

describe('text normalizer', () => {
  it('reads numbers, years, money, ordinals and decades', () => {
    expect(cardinalWords(2024).join(' ')).toBe('two thousand twenty four');
    expect(yearWords(1999).join(' ')).toBe('nineteen ninety nine');
    expect(spoken('Born in 1994, I was 1st')).toBe('born in nineteen ninety four i was first');
    expect(spoken('$5 on the 90s, 100% real')).toBe('five dollars on the nineties one hundred percent real');
    expect(spoken('24/7')).toBe('twenty four seven');
  });
  it('keeps contractions, restores dropped g, and reads symbols', () => {
    expect(spoken("Don't stop, we runnin' & gunnin'")).toBe("don't stop we running and gunning");
    expect(spoken('“Rock’n’roll” — day-to-day')).toBe("rock'n'roll day to day");
  });
  it('keeps the written token for display', () => {
    const tokens = normalizeLine('Top 10, yeah!');
    expect(tokens.map((t) => t.display)).toEqual(['Top', '10', 'yeah']);
    expect(tokens[1]!.spoken).toEqual(['ten']);
  });
});
