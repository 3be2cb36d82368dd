import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLyrics, lineLengthFor, topicsOf } from './lyrics-generator.ts';
import { countSyllables, rhymeKey, rhymesWith } from './rhyme.ts';
import { THEMES } from './verse-material.ts';

describe('rhymeKey and countSyllables', () => {
  it('finds rhymes from pronunciations', () => {
    expect(rhymeKey('night')).toBe(rhymeKey('tonight'));
    expect(rhymeKey('fire')).toBe(rhymeKey('desire'));
    expect(rhymeKey('night')).not.toBe(rhymeKey('day'));
    expect(rhymeKey('shine bright')).toBe(rhymeKey('light'));
  });
  it('counts syllables, with a fallback for unknown words', () => {
    expect(countSyllables('Every single night')).toBe(6);
    expect(countSyllables('zorblax')).toBe(2);
  });
});

describe('generateLyrics', () => {
  const request = {
    title: 'Summer Nights',
    prompt: 'driving with my friends by the ocean in the summer',
    seed: 42,
  };

  it('is the same for the same seed and different for another', () => {
    expect(generateLyrics(request).text).toBe(generateLyrics(request).text);
    expect(generateLyrics({ ...request, seed: 43 }).text).not.toBe(generateLyrics(request).text);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
    'writes 8–16 rhyming lines sized to a bar, with a hook (seed %i)',
    (seed) => {
      const song = generateLyrics({ ...request, seed });
      expect(song.lines.length).toBeGreaterThanOrEqual(8);
      expect(song.lines.length).toBeLessThanOrEqual(16);
      const stanzas = song.text.split('\n\n');
      const hook = stanzas[1]!.split('\n');
      expect(hook.some((line) => line.includes('Summer Nights'))).toBe(true);
      for (const line of song.lines) {
        const syllables = countSyllables(line);
        expect(syllables, line).toBeGreaterThanOrEqual(6);
        expect(syllables, line).toBeLessThanOrEqual(16);
      }
      // Every stanza rhymes in its scheme: AABB pairs or ABAB alternations, four lines at a time.
      for (const stanza of stanzas) {
        const ends = stanza.split('\n').map((line) => line.split(/\s+/).at(-1)!);
        for (let i = 0; i + 3 < ends.length; i += 4) {
          const [a, b] =
            song.scheme === 'AABB'
              ? [
                  [i, i + 1],
                  [i + 2, i + 3],
                ]
              : [
                  [i, i + 2],
                  [i + 1, i + 3],
                ];
          expect(rhymesWith(ends[a![0]!]!, ends[a![1]!]!), `${ends[a![0]!]} / ${ends[a![1]!]}`).toBe(true);
          expect(rhymesWith(ends[b![0]!]!, ends[b![1]!]!), `${ends[b![0]!]} / ${ends[b![1]!]}`).toBe(true);
        }
      }
    },
  );

  it('writes about the prompt', () => {
    const songs = [1, 2, 3, 4, 5].map(
      (seed) => generateLyrics({ title: 'Night Drive', prompt: 'ocean highway freedom', seed }).text,
    );
    const mentions = songs.filter((text) => /ocean|highway|freedom/i.test(text)).length;
    expect(mentions).toBeGreaterThanOrEqual(4);
  });

  it('sizes lines to the rap style: longer for double time, shorter for melodic, than straight 16ths', () => {
    expect(lineLengthFor('straight')).toEqual({ min: 8, ideal: 11, max: 13 });
    const average = (style: Parameters<typeof lineLengthFor>[0]) => {
      const lines = Array.from({ length: 20 }, (_, i) =>
        generateLyrics({ title: 'Night Shift', prompt: 'coding late at night', seed: i + 1, style }),
      ).flatMap((song) => song.lines);
      return lines.reduce((sum, line) => sum + countSyllables(line), 0) / lines.length;
    };
    // Lines are fitted to each style's bar from their optional parts (and a pickup in fast styles).
    expect(average('double-time')).toBeGreaterThan(average('straight') + 1);
    expect(average('melodic')).toBeLessThan(average('straight') - 0.3);
  });

  it('never uses a slur or obscenity the user typed', () => {
    expect(topicsOf('fuck this', 'shit bitch ocean')).toEqual(['ocean']);
    for (let seed = 0; seed < 20; seed++) {
      const text = generateLyrics({ title: 'Fuck it', prompt: 'bitch shit ocean', seed }).text.toLowerCase();
      expect(text).not.toMatch(/fuck|shit|bitch/);
    }
  });

  it('still writes a hook when the title is empty or unusable', () => {
    const song = generateLyrics({ title: '!!!', prompt: '', seed: 7 });
    expect(song.lines.length).toBeGreaterThanOrEqual(12);
  });
});

describe('the verse material', () => {
  const lastWord = (line: string) =>
    line
      .replace(/\[[^\]]*\]/g, ' ')
      .trim()
      .split(/\s+/)
      .at(-1)!;
  const couplets = THEMES.flatMap((theme) => [
    ...Object.values(theme.couplets).flat(),
    ...theme.hooks.flatMap((hook) => [
      [hook[0], hook[1]],
      [hook[2], hook[3]],
    ]),
  ]);

  it('has couplets that rhyme whatever optional parts a line keeps, and no slot or option at a line end', () => {
    expect(couplets.length).toBeGreaterThanOrEqual(120);
    for (const [a, b] of couplets) {
      expect(rhymesWith(lastWord(a!), lastWord(b!)), `${a} / ${b}`).toBe(true);
      for (const line of [a!, b!]) expect(line, line).not.toMatch(/(\]|\})\s*$/);
    }
  });

  it('gives every theme every part of a story, and hooks that name the song', () => {
    for (const theme of THEMES) {
      for (const role of ['setting', 'feeling', 'turn', 'resolve'] as const) {
        expect(theme.couplets[role].length, `${theme.id} ${role}`).toBeGreaterThanOrEqual(3);
      }
      for (const hook of theme.hooks)
        expect(hook.filter((line) => line.includes('{title}')).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('tells a story in order and stays on the theme the words call for', () => {
    const song = generateLyrics({
      title: 'Broken Phone',
      prompt: 'she left and I miss her every night',
      seed: 5,
    });
    const heartbreak = THEMES.find((theme) => theme.id === 'heartbreak')!;
    const verseLines = song.text.split('\n\n')[0]!.split('\n');
    const roleOf = (line: string) =>
      (['setting', 'feeling', 'turn', 'resolve'] as const).find((role) =>
        heartbreak.couplets[role].some((c) =>
          c.some((l) => rhymeKey(lastWord(l)) === rhymeKey(lastWord(line)) && lastWord(l) === lastWord(line)),
        ),
      );
    expect(verseLines.map(roleOf)).toEqual([
      'setting',
      'setting',
      'feeling',
      'feeling',
      'turn',
      'turn',
      'resolve',
      'resolve',
    ]);
  });
});

it('matches the committed review of twenty asks (run `npm run lyrics:review` after changing the writer)', async () => {
  const { lyricsReview } = await import('./lyrics-review.ts');
  const committed = fs.readFileSync(new URL('./lyrics-review.txt', import.meta.url), 'utf8');
  expect(lyricsReview()).toBe(committed);
});
