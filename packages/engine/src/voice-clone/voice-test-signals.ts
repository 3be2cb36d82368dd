import type { Hz, Seconds } from '../units.ts';
import { Biquad } from '../dsp/biquad-filter.ts';

/**
 * A voice-like test signal: a glottal pulse train whose pitch glides like speech, shaped by moving
 * formants, in syllables with pauses. Deterministic, so checks on it are repeatable.
 */
export function synthVoice(options: {
  seconds: Seconds;
  sampleRate?: Hz;
  lowHz?: Hz;
  highHz?: Hz;
  pauseEvery?: Seconds;
}): Float32Array {
  const sampleRate = options.sampleRate ?? 16000;
  const low = options.lowHz ?? 110;
  const high = options.highHz ?? 220;
  const n = Math.round(options.seconds * sampleRate);
  const source = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const f0 =
      low + (high - low) * (0.5 + 0.5 * Math.sin(2 * Math.PI * 0.23 * t) * Math.cos(2 * Math.PI * 0.07 * t));
    phase += f0 / sampleRate;
    if (phase >= 1) phase -= 1;
    // A falling sawtooth is rich in harmonics like the glottal source.
    source[i] = 1 - 2 * phase;
  }
  const vowels = [
    [700, 1200, 2600],
    [300, 2300, 3000],
    [500, 900, 2400],
    [400, 1900, 2550],
  ];
  const out = new Float32Array(n);
  const syllable = 0.25;
  const pauseEvery = options.pauseEvery ?? 3;
  for (let start = 0; start < n; start += Math.round(syllable * sampleRate)) {
    const index = Math.round(start / (syllable * sampleRate));
    const formants = vowels[index % vowels.length]!;
    const end = Math.min(n, start + Math.round(syllable * sampleRate));
    const voiced = new Float32Array(end - start);
    for (const frequency of formants) {
      const band = source.slice(start, end);
      new Biquad({ type: 'bandpass', frequency, sampleRate, q: 6 }).process(band);
      for (let i = 0; i < band.length; i++) voiced[i]! += band[i]!;
    }
    const inPause = (start / sampleRate) % pauseEvery > pauseEvery - 0.6;
    for (let i = start; i < end; i++) {
      const local = (i - start) / (end - start);
      const envelope = inPause ? 0 : Math.sin(Math.PI * Math.min(1, local / 0.8)) ** 2;
      out[i] = 0.6 * envelope * voiced[i - start]!;
    }
  }
  return out;
}

export function synthSine(options: {
  seconds: Seconds;
  hz: Hz;
  sampleRate?: Hz;
  amplitude?: number;
}): Float32Array {
  const sampleRate = options.sampleRate ?? 16000;
  const out = new Float32Array(Math.round(options.seconds * sampleRate));
  for (let i = 0; i < out.length; i++)
    out[i] = (options.amplitude ?? 0.5) * Math.sin((2 * Math.PI * options.hz * i) / sampleRate);
  return out;
}
