import type { Hz } from '../units.ts';
import { Biquad, filterChain } from '../dsp/biquad-filter.ts';
import { compress } from '../dsp/dynamics.ts';
import { smoothSpikes } from '../dsp/spike-smoother.ts';
import type { VoiceRecipe } from '../artists/artist-catalog.ts';

/**
 * Lead-vocal processing, in place: rumble filter, artist tone, de-esser (sibilance band drives
 * the gain), a gentle compressor so every syllable reads over the beat, then spikes smoothed.
 */
export function processVocal(
  vocal: Float32Array,
  { sampleRate, tone }: { sampleRate: Hz; tone: VoiceRecipe['tone'] },
): Float32Array {
  filterChain(
    vocal,
    [
      { type: 'highpass', frequency: 90, sampleRate, q: 0.7 },
      { type: 'highpass', frequency: 90, sampleRate, q: 0.7 },
      { type: 'peaking', frequency: 300, sampleRate, q: 1, gain: -2 },
      { type: 'lowshelf', frequency: 180, sampleRate, gain: tone.low },
      { type: 'peaking', frequency: 3200, sampleRate, q: 0.8, gain: tone.presence },
      { type: 'highshelf', frequency: 10000, sampleRate, gain: tone.air },
    ],
    true,
  );
  const sibilance = vocal.slice();
  new Biquad({ type: 'highpass', frequency: 5500, sampleRate }).process(sibilance);
  new Biquad({ type: 'lowpass', frequency: 9500, sampleRate }).process(sibilance);
  // Only the sibilant band's level moves the gain: an "s" is tamed, vowels are not.
  deEss(vocal, sibilance, sampleRate);
  compress(vocal, { threshold: -22, ratio: 3, attack: 0.004, release: 0.09, knee: 8, makeup: 4, sampleRate });
  // Last: the TTS's excitation pulses, which the EQ's presence boost and the makeup gain sharpen.
  smoothSpikes(vocal, { sampleRate });
  return vocal;
}

function deEss(vocal: Float32Array, band: Float32Array, sampleRate: Hz): void {
  const at = Math.exp(-1 / (0.001 * sampleRate));
  const rt = Math.exp(-1 / (0.05 * sampleRate));
  let envBand = 0;
  let envFull = 0;
  for (let i = 0; i < vocal.length; i++) {
    const b = Math.abs(band[i]!);
    const f = Math.abs(vocal[i]!);
    envBand = b > envBand ? at * envBand + (1 - at) * b : rt * envBand + (1 - rt) * b;
    envFull = f > envFull ? at * envFull + (1 - at) * f : rt * envFull + (1 - rt) * f;
    // Sibilance dominating the full signal by more than half: reduce only the band.
    const ratio = envBand / (envFull + 1e-9);
    if (ratio > 0.5) {
      const reduce = Math.min(0.6, (ratio - 0.5) * 1.5);
      vocal[i]! -= band[i]! * reduce;
    }
  }
}
