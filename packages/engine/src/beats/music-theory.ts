import type { Hz } from '../units.ts';

export const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type NoteName = (typeof NOTE_NAMES)[number];
export type Mode = 'major' | 'minor';

export interface MusicalKey {
  tonic: NoteName;
  mode: Mode;
}

export const keyLabel = (key: MusicalKey) => `${key.tonic} ${key.mode}`;
export const midiToHz = (midi: number): Hz => 440 * 2 ** ((midi - 69) / 12);
export const hzToMidi = (hz: Hz): number => 69 + 12 * Math.log2(hz / 440);

const SCALES: Record<Mode, number[]> = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };

/** MIDI note of a scale degree (0-based, may exceed 6 or go negative) in the key, from a base octave. */
export function degreeToMidi(key: MusicalKey, degree: number, octave: number): number {
  const scale = SCALES[key.mode];
  const o = Math.floor(degree / 7);
  const d = ((degree % 7) + 7) % 7;
  return 12 * (octave + 1 + o) + NOTE_NAMES.indexOf(key.tonic) + scale[d]!;
}

/** Diatonic chord on a degree: stacked thirds, `size` notes (3 = triad, 4 = seventh). */
export function chordOn(key: MusicalKey, degree: number, octave: number, size = 3): number[] {
  return Array.from({ length: size }, (_, k) => degreeToMidi(key, degree + 2 * k, octave));
}

/** Pentatonic degrees for melodies: no half-step clashes against any diatonic chord. */
export const pentatonicDegrees = (mode: Mode) => (mode === 'major' ? [0, 1, 2, 4, 5] : [0, 2, 3, 4, 6]);
