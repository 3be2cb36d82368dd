/** Named unit types: a number's unit is part of its name in every signature. */
export type Seconds = number;
export type Milliseconds = number;
export type Hz = number;
export type Decibels = number;
export type Semitones = number;
export type Samples = number;
export type BeatsPerMinute = number;

export const secondsToSamples = (seconds: Seconds, sampleRate: Hz): Samples =>
  Math.round(seconds * sampleRate);
export const samplesToSeconds = (samples: Samples, sampleRate: Hz): Seconds => samples / sampleRate;
export const dbToGain = (db: Decibels): number => 10 ** (db / 20);
export const gainToDb = (gain: number): Decibels => 20 * Math.log10(Math.max(gain, 1e-12));
export const semitonesToRatio = (semitones: Semitones): number => 2 ** (semitones / 12);
