import type { Decibels, Hz, Samples, Seconds } from '../units.ts';
import { Fft, hannWindow } from '../dsp/fft.ts';

export interface SyllableOnsetOptions {
  sampleRate: Hz;
  /** Band whose level rises when a vowel starts: the first formants and the harmonics under them. */
  vowelBand?: [Hz, Hz];
  /** Analysis frame; default the power of two nearest 23 ms. */
  frameSize?: Samples;
  /** Default frameSize / 8 (about 3 ms). */
  hop?: Samples;
  /** Moving average over the band level, so a vowel's pitch and formant wobble is not a new syllable. */
  smoothing?: Seconds;
  /** A syllable is a rise of at least this much from the dip before it... */
  minRise?: Decibels;
  /** ...and ends once the level falls this far below its peak. */
  minDip?: Decibels;
  /** Two onsets closer than this are one (the larger rise wins): a little below the shortest syllable spacing. */
  minInterval?: Seconds;
  /** Rises peaking this far below the loudest frame are breath or bleed, not syllables. */
  floorBelowPeak?: Decibels;
  /**
   * Vowel-band level over the band above it (per bin) around a rise's peak. Voiced nuclei score
   * well above 0 dB; fricatives and stop bursts near or below it, so they do not count alone.
   */
  minVoicing?: Decibels;
}

/**
 * Syllable onsets of speech or rap: one per syllable nucleus. The smoothed level of the vowel band
 * is followed with hysteresis (a rise of minRise after a dip, ended by a fall of minDip), so each
 * voiced nucleus gives one event however its consonants and pitch move; the onset is where the
 * rise from the dip to the nucleus peak is half done (in dB), i.e. backtracked from the peak to
 * the energy rise. Consonant bursts and fricatives are not separate onsets: they are unvoiced.
 */
export function detectSyllableOnsets(signal: Float32Array, options: SyllableOnsetOptions): Seconds[] {
  const {
    sampleRate,
    vowelBand = [300, 3000],
    frameSize = 2 ** Math.round(Math.log2(0.023 * sampleRate)),
    smoothing = 0.02,
    minRise = 6,
    minDip = 3,
    minInterval = 0.08,
    floorBelowPeak = 35,
    minVoicing = 5,
  } = options;
  const hop = options.hop ?? frameSize / 8;
  const { level, voicing, peakDb } = bandLevels(signal, sampleRate, frameSize, hop, vowelBand, smoothing);
  const n = level.length;

  // Hysteresis over the level: each nucleus is a (dip, peak) pair.
  const nuclei: { dip: number; peak: number }[] = [];
  let rising = false;
  let dip = 0;
  let peak = 0;
  for (let f = 0; f < n; f++) {
    if (!rising) {
      if (level[f]! < level[dip]!) dip = f;
      if (level[f]! >= level[dip]! + minRise) {
        rising = true;
        peak = f;
      }
    } else {
      if (level[f]! > level[peak]!) peak = f;
      if (level[f]! <= level[peak]! - minDip) {
        nuclei.push({ dip, peak });
        rising = false;
        dip = f;
      }
    }
  }
  if (rising) nuclei.push({ dip, peak });

  const span = Math.max(1, Math.round((0.02 * sampleRate) / hop));
  const voiced = (f: number) => {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, f - span); k <= Math.min(n - 1, f + span); k++, count++) sum += voicing[k]!;
    return sum / count >= minVoicing;
  };
  const events = nuclei
    .filter(({ peak }) => level[peak]! >= peakDb - floorBelowPeak && voiced(peak))
    .map(({ dip, peak }) => {
      const half = (level[dip]! + level[peak]!) / 2;
      let f = dip;
      while (f < peak && level[f]! < half) f++;
      return { frame: f, rise: level[peak]! - level[dip]! };
    });

  const gap = (minInterval * sampleRate) / hop;
  const kept: typeof events = [];
  for (const e of [...events].sort((a, b) => b.rise - a.rise))
    if (kept.every((k) => Math.abs(k.frame - e.frame) >= gap)) kept.push(e);
  return kept.map((e) => (e.frame * hop + frameSize / 2) / sampleRate).sort((a, b) => a - b);
}

/** Smoothed vowel-band level (dB) per frame, and vowel band over the band above it (dB per bin). */
function bandLevels(
  signal: Float32Array,
  sampleRate: Hz,
  frameSize: Samples,
  hop: Samples,
  [low, high]: [Hz, Hz],
  smoothing: Seconds,
): { level: Float64Array; voicing: Float64Array; peakDb: Decibels } {
  const fft = new Fft(frameSize);
  const window = hannWindow(frameSize);
  const frames = Math.max(0, Math.floor((signal.length - frameSize) / hop) + 1);
  const magnitudes = new Float64Array(frameSize / 2 + 1);
  const bin = (hz: Hz) => Math.min(frameSize / 2, Math.max(1, Math.round((hz / sampleRate) * frameSize)));
  const [v0, v1] = [bin(low), bin(high)];
  // The band above: where fricatives and bursts put their energy and vowels little.
  const [u0, u1] = [v1 + 1, Math.max(v1 + 1, bin(Math.min(7000, sampleRate / 2)))];
  const vowel = new Float64Array(frames);
  const upper = new Float64Array(frames);
  let max = 0;
  for (let f = 0; f < frames; f++) {
    fft.magnitudes(signal.subarray(f * hop, f * hop + frameSize), window, magnitudes);
    let v = 0;
    for (let k = v0; k <= v1; k++) v += magnitudes[k]! ** 2;
    let u = 0;
    for (let k = u0; k <= u1; k++) u += magnitudes[k]! ** 2;
    vowel[f] = v;
    upper[f] = (u * (v1 - v0 + 1)) / (u1 - u0 + 1);
    if (v > max) max = v;
  }
  // 70 dB below the loudest frame is silence: digital zeros must not make endless dips.
  const floor = max * 1e-7 + 1e-30;
  const raw = vowel.map((v) => 10 * Math.log10(v + floor));
  const voicing = vowel.map((v, f) => 10 * Math.log10((v + floor) / (upper[f]! + floor)));
  const radius = Math.round((smoothing * sampleRate) / hop / 2);
  const level = new Float64Array(frames);
  let sum = 0;
  let lo = 0;
  let hi = -1;
  for (let f = 0; f < frames; f++) {
    while (hi < Math.min(frames - 1, f + radius)) sum += raw[++hi]!;
    while (lo < f - radius) sum -= raw[lo++]!;
    level[f] = sum / (hi - lo + 1);
  }
  return { level, voicing, peakDb: 10 * Math.log10(max + floor) };
}
