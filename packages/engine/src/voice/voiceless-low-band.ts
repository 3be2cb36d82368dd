import type { Hz, Seconds } from '../units.ts';
import type { TimedWord } from './voice-backend.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { rampedWindow } from '../dsp/ramped-window.ts';

/**
 * Voiceless consonants in ARPAbet (Flite) and IPA (eSpeak NG) and the band below which each is
 * cleared. A fricative is told by its hiss (2.5 kHz and up), a "t" or "k" by its burst: from
 * 700 Hz the diphone voice kal16 still thumped in 700–900 Hz (its onsets within 30 ms of the grid
 * 0.57 → 0.67 with fricatives cleared to 1.2 kHz and "t", "k" to 900 Hz; words kept). A "p" is
 * told from a "t" or "k" partly by a low, diffuse burst: cleared from 700 Hz, the recogniser heard
 * "paid" as "k" and "Paris" as "tears", so it keeps down to 450 Hz. An "h" is not cleared: it is
 * breath shaped by the vowel after it, and with its low band gone it was heard as "s" ("hold on" →
 * "sold on" in four renders of four; five rappers lost 237 of 790 words in their voice-only
 * masters against 251, onsets within 0.007).
 */
const VOICELESS_CUTOFF: ReadonlyMap<string, Hz> = new Map([
  ...['s', 'sh', 'th', 'ch', 'f', 'θ', 'ʃ', 'tʃ', 'x'].map((p) => [p, 1200] as const),
  ...['t', 'k'].map((p) => [p, 900] as const),
  ['p', 450] as const,
]);

/** Whether a phone has its low band cleared once placed. */
export const isClearedVoiceless = (phone: string): boolean => VOICELESS_CUTOFF.has(phone);

export interface VoicelessLowBandOptions {
  sampleRate: Hz;
  /** Word and phone timings in the time of `samples`. */
  words: readonly TimedWord[];
  /** Cross-fade at each edge of a consonant. */
  ramp?: Seconds;
}

/**
 * A copy of `samples` whose voiceless consonants keep only their band above 0.45–1.2 kHz. A TTS
 * burst or hiss carries a thump down there (Flite's t, k and p peak only 17–18 dB under its
 * vowels below 900 Hz) that a speaker's barely has: a listener uses nothing of it, and it is an
 * onset of its own 30–110 ms before the syllable's voicing, so the syllable is heard to start
 * twice, once off the beat (mc-volt: 103 of 285 onsets off the grid, 56 of them on t, k, p and
 * d). Vowels and voiced consonants are untouched.
 */
export function clearVoicelessLowBand(
  samples: Float32Array,
  { sampleRate, words, ramp = 0.005 }: VoicelessLowBandOptions,
): Float32Array {
  const out = samples.slice();
  const rampSamples = Math.max(1, Math.round(ramp * sampleRate));
  const masks = new Map<Hz, Float32Array>();
  for (const word of words)
    for (const phone of word.phones) {
      const cutoff = VOICELESS_CUTOFF.get(phone.phone);
      if (cutoff === undefined) continue;
      let mask = masks.get(cutoff);
      if (!mask) masks.set(cutoff, (mask = new Float32Array(samples.length)));
      const a = Math.round(phone.start * sampleRate) - rampSamples;
      const b = Math.round(phone.end * sampleRate) + rampSamples;
      for (let i = Math.max(0, a); i < Math.min(samples.length, b); i++)
        mask[i] = Math.max(mask[i]!, rampedWindow(i, a, b, rampSamples));
    }
  for (const [cutoff, mask] of masks) {
    const high = samples.slice();
    for (let k = 0; k < 2; k++)
      new Biquad({ type: 'highpass', frequency: cutoff, sampleRate, q: 0.7 }).process(high);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + mask[i]! * (high[i]! - out[i]!);
  }
  return out;
}
