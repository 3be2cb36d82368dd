import type { Hz, Seconds } from '../units.ts';
import type { Stress } from '../text/stress-lexicon.ts';
import { degreeToMidi, midiToHz, type MusicalKey } from '../beats/music-theory.ts';

/** A syllable as placed in song time (the line renderer's output carries these fields). */
export interface MelodySyllable {
  onset: Seconds;
  vowelOnset: Seconds;
  end: Seconds;
  stress: Stress;
}

/** One sung note in song time; `midi` may be fractional only through glides and vibrato. */
export interface MelodyNote {
  start: Seconds;
  end: Seconds;
  midi: number;
  /** Held notes get vibrato. */
  held: boolean;
}

export interface MelodyOptions {
  key: MusicalKey;
  /** Scale degree of the note the line was synthesized on (its register centre). */
  baseDegree: number;
  octave: number;
  /** Chord root (scale degree) sounding at a song time. */
  chordAt(time: Seconds): number;
  /** Which phrase shape: lines take turns (arch, fall, rise, valley). */
  lineIndex: number;
  /** Song time the line's last note ends. */
  lineEnd: Seconds;
  /**
   * The song time of the flow's grid nearest a time: a line-end melisma changes note on it (off the
   * grid, the change read as an onset of its own, off the beat). Without it, a third of the way in.
   */
  nearestGridTime?: (time: Seconds) => Seconds;
}

/** A melisma's second note starts at least this far into the vowel and this long before its end. */
const MELISMA_MIN_FIRST: Seconds = 0.1;
const MELISMA_MIN_LAST: Seconds = 0.15;

/** Phrase contours in scale steps around the base note, as (position in line, steps) points. */
const CONTOURS: [number, number][][] = [
  [
    [0, -1],
    [0.6, 3],
    [1, 1],
  ],
  [
    [0, 3],
    [0.5, 2],
    [1, -1],
  ],
  [
    [0, -2],
    [0.5, 0],
    [1, 3],
  ],
  [
    [0, 2],
    [0.5, -2],
    [1, 0],
  ],
];

function contourAt(points: [number, number][], u: number): number {
  for (let i = 1; i < points.length; i++) {
    const [u1, v1] = points[i]!;
    const [u0, v0] = points[i - 1]!;
    if (u <= u1) return v0 + ((v1 - v0) * (u - u0)) / Math.max(1e-9, u1 - u0);
  }
  return points[points.length - 1]![1];
}

const isChordTone = (degree: number, root: number) => [0, 2, 4].includes((((degree - root) % 7) + 7) % 7);

/** The chord tone nearest a (fractional) scale degree; ties go to the lower one. */
function nearestChordTone(target: number, root: number): number {
  const low = Math.floor(target);
  for (let d = 0; d <= 4; d++) {
    if (isChordTone(low - d, root) && target - (low - d) <= low + 1 + d - target) return low - d;
    if (isChordTone(low + 1 + d, root)) return low + 1 + d;
  }
  return Math.round(target);
}

/**
 * A sung melody for one line: the line follows a phrase contour around its register, stressed
 * syllables land on tones of the chord under them and unstressed ones walk the scale between,
 * each note lasts as long as its syllable, and the last syllable is held on a chord tone,
 * approached from the step beside it (a small melisma).
 */
export function planMelody(syllables: readonly MelodySyllable[], o: MelodyOptions): MelodyNote[] {
  const n = syllables.length;
  if (n === 0) return [];
  const contour = CONTOURS[((o.lineIndex % CONTOURS.length) + CONTOURS.length) % CONTOURS.length]!;
  const degrees: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = syllables[i]!;
    const u = n === 1 ? 1 : i / (n - 1);
    const target = o.baseDegree + contourAt(contour, u);
    const root = o.chordAt(s.vowelOnset);
    let d = s.stress > 0 || i === n - 1 ? nearestChordTone(target, root) : Math.round(target);
    // A note repeated three times in a row stops being a melody: step toward the contour.
    if (i >= 2 && d === degrees[i - 1] && d === degrees[i - 2]) d += target >= d ? 1 : -1;
    degrees.push(d);
  }
  const notes: MelodyNote[] = [];
  for (let i = 0; i < n; i++) {
    const s = syllables[i]!;
    const start = s.onset;
    const end = i + 1 < n ? syllables[i + 1]!.onset : Math.max(o.lineEnd, s.end);
    const midi = degreeToMidi(o.key, degrees[i]!, o.octave);
    if (i === n - 1 && end - s.vowelOnset >= 0.3) {
      // Melisma: the held syllable opens a step away and settles on its chord tone.
      const falling = contour[contour.length - 1]![1] <= contour[contour.length - 2]![1];
      const approach = degreeToMidi(o.key, degrees[i]! + (falling ? 1 : -1), o.octave);
      const split = melismaSplit(s.vowelOnset, end, o.nearestGridTime);
      notes.push({ start, end: split, midi: approach, held: false });
      notes.push({ start: split, end, midi, held: true });
    } else notes.push({ start, end, midi, held: end - start >= 0.45 });
  }
  return notes;
}

/** Where a held syllable's second note starts: on the grid when it fits, else 35 % into the vowel. */
function melismaSplit(vowelOnset: Seconds, end: Seconds, nearestGridTime?: (t: Seconds) => Seconds): Seconds {
  const split = vowelOnset + 0.35 * (end - vowelOnset);
  const onGrid = nearestGridTime?.(split);
  return onGrid !== undefined && onGrid >= vowelOnset + MELISMA_MIN_FIRST && onGrid <= end - MELISMA_MIN_LAST
    ? onGrid
    : split;
}

const GLIDE: Seconds = 0.025;
const VIBRATO_HZ = 5.5;
const VIBRATO_SEMITONES = 0.15;

/**
 * The sung fundamental at any song time: each note reached by a short glide that ends where the
 * note starts (inside the consonant, so the vowel sits on the note), and a vibrato that fades in
 * on held notes.
 */
export function melodyF0(notes: readonly MelodyNote[]): (time: Seconds) => Hz {
  let k = 0;
  return (time) => {
    if (notes.length === 0) return 0;
    if (time < notes[k]!.start) k = 0;
    while (k + 1 < notes.length && time >= notes[k + 1]!.start) k++;
    const note = notes[k]!;
    let midi = note.midi;
    const next = notes[k + 1];
    if (next && time > next.start - GLIDE)
      midi += ((next.midi - note.midi) * (time - (next.start - GLIDE))) / GLIDE;
    if (note.held) {
      const into = time - note.start - 0.12;
      if (into > 0)
        midi += VIBRATO_SEMITONES * Math.min(1, into / 0.2) * Math.sin(2 * Math.PI * VIBRATO_HZ * into);
    }
    return midiToHz(midi);
  };
}
