import { describe, expect, it } from 'vitest';
import { melodyF0, planMelody, type MelodySyllable } from './melody-planner.ts';
import { hzToMidi, type MusicalKey } from '../beats/music-theory.ts';

const KEY: MusicalKey = { tonic: 'G', mode: 'major' };
const G_MAJOR = new Set([7, 9, 11, 0, 2, 4, 6]);

/** n syllables a quarter of a second apart, every other one stressed. */
const line = (n: number, start = 4): MelodySyllable[] =>
  Array.from({ length: n }, (_, i) => ({
    onset: start + 0.25 * i,
    vowelOnset: start + 0.25 * i + 0.04,
    end: start + 0.25 * i + 0.2,
    stress: i % 2 === 0 ? 2 : 0,
  }));

describe('planMelody', () => {
  it('moves: every contour gives a line of eight syllables at least four different notes, all in key', () => {
    for (let lineIndex = 0; lineIndex < 4; lineIndex++) {
      const notes = planMelody(line(8), {
        key: KEY,
        baseDegree: 2,
        octave: 4,
        chordAt: (t) => [0, 4, 5, 3][Math.floor(t / 2) % 4]!,
        lineIndex,
        lineEnd: 6.5,
      });
      expect(new Set(notes.map((n) => n.midi)).size).toBeGreaterThanOrEqual(4);
      for (const n of notes) expect(G_MAJOR.has(((n.midi % 12) + 12) % 12)).toBe(true);
      // No note repeated three times in a row.
      for (let i = 2; i < notes.length; i++)
        expect(notes[i]!.midi === notes[i - 1]!.midi && notes[i]!.midi === notes[i - 2]!.midi).toBe(false);
    }
  });
  it('follows the syllables: one note per syllable, the last held to the line end after a step (melisma)', () => {
    const syllables = line(6);
    const notes = planMelody(syllables, {
      key: KEY,
      baseDegree: 0,
      octave: 3,
      chordAt: () => 0,
      lineIndex: 1,
      lineEnd: 6.2,
    });
    expect(notes).toHaveLength(7);
    notes.slice(0, 5).forEach((n, i) => expect(n.start).toBe(syllables[i]!.onset));
    const [approach, last] = notes.slice(-2);
    expect(last!.end).toBeCloseTo(6.2, 6);
    expect(last!.held).toBe(true);
    expect(Math.abs(approach!.midi - last!.midi)).toBeGreaterThan(0);
    expect(Math.abs(approach!.midi - last!.midi)).toBeLessThanOrEqual(2);
    // Stressed syllables sit on tones of the chord (G major triad here).
    for (const [i, s] of syllables.entries())
      if (s.stress > 0 && i < 5) expect([7, 11, 2]).toContain(notes[i]!.midi % 12);
  });
  it("changes a melisma's note on the grid when the grid has a time inside the held vowel", () => {
    const options = { key: KEY, baseDegree: 0, octave: 3, chordAt: () => 0, lineIndex: 1, lineEnd: 6.2 };
    // The last vowel opens at 5.29 and is held to 6.2: a third of the way in is 5.61.
    const free = planMelody(line(6), options).at(-1)!.start;
    expect(free).toBeCloseTo(5.29 + 0.35 * 0.91, 6);
    const grid = (t: number) => Math.round(t / 0.125) * 0.125;
    expect(planMelody(line(6), { ...options, nearestGridTime: grid }).at(-1)!.start).toBe(5.625);
    // A grid time too close to the vowel's start or the line's end is not taken.
    const early = planMelody(line(6), { ...options, nearestGridTime: () => 5.35 }).at(-1)!.start;
    const late = planMelody(line(6), { ...options, nearestGridTime: () => 6.1 }).at(-1)!.start;
    expect([early, late]).toEqual([free, free]);
  });
});

describe('melodyF0', () => {
  it('holds each note, glides into the next inside 25 ms, and adds a vibrato of under a quarter tone on held notes', () => {
    const f = melodyF0([
      { start: 0, end: 0.3, midi: 60, held: false },
      { start: 0.3, end: 1.2, midi: 62, held: true },
    ]);
    expect(hzToMidi(f(0.2))).toBeCloseTo(60, 6);
    expect(hzToMidi(f(0.2875))).toBeCloseTo(61, 1);
    expect(hzToMidi(f(0.3))).toBeCloseTo(62, 6);
    const held = Array.from({ length: 200 }, (_, i) => hzToMidi(f(0.6 + i * 0.003)) - 62);
    expect(Math.max(...held)).toBeGreaterThan(0.1);
    expect(Math.max(...held.map(Math.abs))).toBeLessThan(0.25);
  });
});
