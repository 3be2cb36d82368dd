import { describe, expect, it } from 'vitest';
import { activeAt, linesFromTimings, parseLrc, parseStamp } from './lrc-parser.ts';

// As the engine writes it: metadata, a [mm:ss.xx] per line, <mm:ss.xx> before each word and a closing tag.
const engineLrc = [
  '[ti:Night Shift]',
  '[ar:MC Volt]',
  '[re:Bops]',
  '[00:01.00] <00:01.00> Late <00:01.40> night <00:01.90> coding <00:02.60>',
  '[00:03.00] <00:03.00> Ship <00:03.30> it <00:03.50> tonight <00:04.20>',
].join('\n');

describe('LRC with word tags', () => {
  it('reads stamps as seconds', () => {
    expect(parseStamp('00:01.40')).toBeCloseTo(1.4, 6);
    expect(parseStamp('01:02.5')).toBeCloseTo(62.5, 6);
    expect(parseStamp('2:03')).toBe(123);
    expect(parseStamp('nope')).toBeNull();
  });

  it('parses lines and words with their times, skipping metadata', () => {
    const lines = parseLrc(engineLrc);
    expect(lines.map((line) => line.text)).toEqual(['Late night coding', 'Ship it tonight']);
    expect(lines[0]).toMatchObject({ start: 1, end: 2.6 });
    expect(lines[0]!.words).toEqual([
      { text: 'Late', start: 1, end: 1.4 },
      { text: 'night', start: 1.4, end: 1.9 },
      { text: 'coding', start: 1.9, end: 2.6 },
    ]);
    expect(lines[1]!.words.map((word) => word.text)).toEqual(['Ship', 'it', 'tonight']);
  });

  it('ends an untagged line, and a last word without a closing tag, at the next line or the song end', () => {
    const lines = parseLrc('[00:02.00] plain words here\n[00:05.00] <00:05.00> open <00:05.50> end', 9);
    expect(lines[0]).toMatchObject({ text: 'plain words here', start: 2, end: 5, words: [] });
    expect(lines[1]!.words.at(-1)).toEqual({ text: 'end', start: 5.5, end: 9 });
    expect(lines[1]!.end).toBe(9);
  });

  it('puts the waveform file words into the lines they start in', () => {
    const lines = linesFromTimings(
      [
        { text: 'Late night', start: 1, end: 2 },
        { text: 'Ship it', start: 3, end: 4 },
      ],
      [
        { text: 'Late', start: 1, end: 1.5 },
        { text: 'night', start: 1.5, end: 2 },
        { text: 'Ship', start: 3, end: 3.4 },
        { text: 'it', start: 3.4, end: 4 },
      ],
    );
    expect(lines.map((line) => line.words.map((word) => word.text))).toEqual([
      ['Late', 'night'],
      ['Ship', 'it'],
    ]);
  });
});

describe('highlighting as the song plays', () => {
  const lines = parseLrc(engineLrc);

  it('lights nothing before the first line', () => {
    expect(activeAt(lines, 0)).toEqual({ line: -1, word: -1 });
    expect(activeAt([], 5)).toEqual({ line: -1, word: -1 });
  });

  it('lights the line and the word being rapped', () => {
    expect(activeAt(lines, 1.0)).toEqual({ line: 0, word: 0 });
    expect(activeAt(lines, 1.39)).toEqual({ line: 0, word: 0 });
    expect(activeAt(lines, 1.4)).toEqual({ line: 0, word: 1 });
    expect(activeAt(lines, 2.2)).toEqual({ line: 0, word: 2 });
    expect(activeAt(lines, 3.35)).toEqual({ line: 1, word: 1 });
  });

  it('keeps the line lit through the pause after it, with no word lit', () => {
    expect(activeAt(lines, 2.8)).toEqual({ line: 0, word: -1 });
    expect(activeAt(lines, 10)).toEqual({ line: 1, word: -1 });
  });
});
