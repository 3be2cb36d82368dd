import { gainToDb, type Decibels, type Hz, type Seconds } from '../units.ts';
import { rmsOf } from '../pcm-audio.ts';
import type { TimedWord } from './voice-backend.ts';

/** A word with phone timings for tests: [phone, start, end, isVowel] in seconds. */
export const buildTimedWord = (text: string, phones: [string, Seconds, Seconds, boolean][]): TimedWord => ({
  text,
  start: phones[0]![1],
  end: phones.at(-1)![2],
  phones: phones.map(([phone, start, end, isVowel]) => ({ phone, start, end, isVowel })),
});

/** RMS in dB of `x` between two times. */
export const levelDb = (x: Float32Array, sampleRate: Hz, from: Seconds, to: Seconds): Decibels =>
  gainToDb(rmsOf(x, Math.round(from * sampleRate), Math.round(to * sampleRate)));
