import type { Hz } from '../units.ts';
import { AudioInputError } from '../errors.ts';

/** Sample rates outside this range are not recordings of sound a person made: every analysis assumes them. */
export const MIN_SAMPLE_RATE: Hz = 8000;
export const MAX_SAMPLE_RATE: Hz = 192_000;
/** More channels than 7.1 surround is not a song or a voice: refused before anything is allocated. */
export const MAX_CHANNELS = 8;

/** Refuses sample rates and channel counts no real recording has (a 1 Hz WAV, 65,535 channels). */
export function checkStreamShape(sampleRate: Hz, channels: number): void {
  if (!Number.isInteger(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new AudioInputError(
      `The audio's sample rate (${sampleRate} Hz) is not one we can use: it must be between ${MIN_SAMPLE_RATE.toLocaleString('en-US')} and ${MAX_SAMPLE_RATE.toLocaleString('en-US')} Hz.`,
      'unsupported',
    );
  }
  if (channels < 1 || channels > MAX_CHANNELS) {
    throw new AudioInputError(
      `The audio has ${channels} channels; at most ${MAX_CHANNELS} are supported.`,
      'unsupported',
    );
  }
}
