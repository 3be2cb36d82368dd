import type { Hz } from '../units.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { seededRandom } from '../beats/seeded-random.ts';

export interface BandwidthExtensionOptions {
  sampleRate: Hz;
  /** 1 = default amount; 0 disables. */
  amount?: number;
  /** Upper edge of the source's real content (16 kHz TTS: ~7.5 kHz). */
  sourceCutoff?: Hz;
}

/**
 * Restores the octave a 16 kHz voice lacks next to a 44.1 kHz beat from the voice's own top
 * octave, in two parts. Harmonics: the top octave of real content through a rectifying
 * nonlinearity, which on a periodic voice yields more partials of the same fundamental (the
 * harmonic series continues above the band, in time with the voice). Consonant noise: noise
 * carrying the envelope of the fricative band, only where that band outweighs the voicing band
 * (an "s" stays an "s" up to 16 kHz; a vowel gets no hiss). Both follow the voice to silence and
 * are high-passed above the cutoff, so nothing already present is touched. Processes in place.
 */
export function extendBandwidth(
  voice: Float32Array,
  { sampleRate, amount = 1, sourceCutoff = 7400 }: BandwidthExtensionOptions,
): Float32Array {
  if (amount <= 0) return voice;
  const n = voice.length;
  const band = voice.slice();
  new Biquad({ type: 'highpass', frequency: sourceCutoff / 2, sampleRate, q: 0.7 }).process(band);
  new Biquad({ type: 'lowpass', frequency: sourceCutoff, sampleRate, q: 0.7 }).process(band);
  const voicing = voice.slice();
  new Biquad({ type: 'highpass', frequency: 100, sampleRate, q: 0.7 }).process(voicing);
  new Biquad({ type: 'lowpass', frequency: 900, sampleRate, q: 0.7 }).process(voicing);
  const harmonics = new Float32Array(n);
  const air = new Float32Array(n);
  const random = seededRandom(7);
  const envAttack = Math.exp(-1 / (0.002 * sampleRate));
  const envRelease = Math.exp(-1 / (0.03 * sampleRate));
  let env = 0;
  let envVoicing = 0;
  for (let i = 0; i < n; i++) {
    const x = band[i]!;
    // |x| doubles frequencies (octave up), x*|x| adds odd products: together a dense upper spectrum.
    harmonics[i] = Math.abs(x) * 1.5 + x * Math.abs(x) * 6;
    const level = Math.abs(x);
    env =
      level > env ? envAttack * env + (1 - envAttack) * level : envRelease * env + (1 - envRelease) * level;
    const v = Math.abs(voicing[i]!);
    envVoicing =
      v > envVoicing
        ? envAttack * envVoicing + (1 - envAttack) * v
        : envRelease * envVoicing + (1 - envRelease) * v;
    // Fricative share: 0 while the voicing band dominates (vowels), 1 once the top band is level with it.
    const share = Math.min(1, Math.max(0, (env / (envVoicing + 1e-6) - 0.25) / 0.75));
    air[i] = (random() * 2 - 1) * env * share;
  }
  for (const buf of [harmonics, air]) {
    new Biquad({ type: 'highpass', frequency: sourceCutoff * 1.05, sampleRate, q: 0.7 }).process(buf);
    new Biquad({ type: 'highpass', frequency: sourceCutoff * 1.05, sampleRate, q: 0.7 }).process(buf);
  }
  new Biquad({ type: 'lowpass', frequency: Math.min(16000, sampleRate * 0.45), sampleRate }).process(air);
  const gh = 0.5 * amount;
  const ga = 1.1 * amount;
  for (let i = 0; i < n; i++) voice[i]! += gh * harmonics[i]! + ga * air[i]!;
  return voice;
}
