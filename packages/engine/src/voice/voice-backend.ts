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
 * Which consonants before a vowel a listener hears a syllable start on: 'glides' the glides and
 * liquids (at most 50 ms before the vowel), 'formant' a formant synthesiser's glides and "p" that
 * do not follow a vowel in their word (at most 150 ms before it); its other voiced consonants and
 * "h" are heard at the vowel or at both, and are placed in at most 30 ms before it (see
 * voicingOnsets in line-renderer.ts).
 */
export type OnsetConsonants = 'glides' | 'formant';

/**
 * Anything that turns a line of text into audio with word and phone timings. The rap renderer
 * only sees this interface, so a future backend (a person's cloned voice) plugs in unchanged.
 */
export interface VoiceBackend {
  readonly id: string;
  synthesize(request: SynthesisRequest): Promise<SpeechSynthesis>;
  /** Optional warm-up with every line of the song (e.g. one batched lexicon look-up). */
  prepare?(lines: readonly string[], voice: string): Promise<void>;
  /**
   * A voice converted from another one (an AI singer driven by a TTS): a spoken line is placed on
   * the beat as the source voice says it, and `convert` then turns the placed line into this
   * voice. Stretching the TTS keeps its words; stretching a voice made of grains loses more.
   */
  convertAfterPlacement?: VoiceConversion;
  /** Where its syllables are heard to start (default 'glides'). */
  readonly onsetConsonants?: OnsetConsonants;
}

export interface VoiceConversion {
  /** Rate of the converted voice (its band ends below half of it). */
  readonly sampleRate: Hz;
  /** The source voice saying a line (what `convert` is given, placed). */
  synthesizeSource(request: SynthesisRequest): Promise<SpeechSynthesis>;
  /** The placed source line in this voice, same length and timings. */
  convert(placed: SpeechSynthesis): SpeechSynthesis;
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
