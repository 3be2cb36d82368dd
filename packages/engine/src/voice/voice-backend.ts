import type { Hz, Seconds } from '../units.ts';

/** One phone with its time span in the synthesized audio (ARPAbet, lower case, no stress digit). */
export interface TimedPhone {
  phone: string;
  start: Seconds;
  end: Seconds;
  isVowel: boolean;
}

export interface TimedWord {
  /** The word as it was sent to the backend (normalised spelling). */
  text: string;
  start: Seconds;
  end: Seconds;
  phones: TimedPhone[];
}

export interface SpeechSynthesis {
  samples: Float32Array;
  sampleRate: Hz;
  words: TimedWord[];
}

export interface SynthesisRequest {
  /** One line of normalised text: words separated by spaces, letters and apostrophes only. */
  text: string;
  voice: string;
  /** Mean fundamental the backend should aim for, when it can steer it. */
  pitchHz?: Hz;
  /** Spread of the intonation; 0 gives a monotone. */
  pitchRangeHz?: Hz;
  /** >1 speaks slower. */
  durationScale?: number;
}

/**
 * Anything that turns a line of text into audio with word and phone timings. The rap renderer
 * only sees this interface, so a future backend (a person's cloned voice) plugs in unchanged.
 */
export interface VoiceBackend {
  readonly id: string;
  synthesize(request: SynthesisRequest): Promise<SpeechSynthesis>;
  /** Optional warm-up with every line of the song (e.g. one batched lexicon look-up). */
  prepare?(lines: readonly string[], voice: string): Promise<void>;
}

export const ARPABET_VOWELS = new Set([
  'aa',
  'ae',
  'ah',
  'ao',
  'aw',
  'ax',
  'axr',
  'ay',
  'eh',
  'er',
  'ey',
  'ih',
  'ix',
  'iy',
  'ow',
  'oy',
  'uh',
  'uw',
]);
