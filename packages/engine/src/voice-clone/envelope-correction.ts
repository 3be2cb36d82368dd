import type { Hz } from '../units.ts';
import { Fft } from '../dsp/fft.ts';
import { cepstraToLogMel, FRAME_HOP, melBandCentres } from './speech-features.ts';

const SIZE = 1024;
const HOP = SIZE / 4;

/**
 * Filters `samples` frame by frame so that their spectral envelope moves by `deltaCepstra`
 * (frameCount x dims mel-cepstral differences on 10 ms frames, c0 ignored): each frame's
 * difference becomes a gain per mel band, interpolated across the FFT bins between band centres
 * and left at 0 dB above the top band. Overlap-add of Hann-windowed 1024-point frames at a
 * quarter hop (the windows' squares sum to a constant, so a zero difference returns the input).
 */
export function correctEnvelope(
  samples: Float32Array,
  sampleRate: Hz,
  deltaCepstra: Float32Array,
  dims: number,
): Float32Array {
  const frameCount = Math.floor(deltaCepstra.length / dims);
  const centres = melBandCentres();
  const bins = SIZE / 2 + 1;
  // Per 10 ms frame: log-amplitude gain per FFT bin, computed lazily as frames are reached.
  const gainCache = new Map<number, Float32Array>();
  const gainsAt = (f: number): Float32Array => {
    let g = gainCache.get(f);
    if (g) return g;
    const logMel = cepstraToLogMel(deltaCepstra.subarray(f * dims, (f + 1) * dims), dims);
    g = new Float32Array(bins);
    let b = 0;
    for (let k = 0; k < bins; k++) {
      const hz = (k * sampleRate) / SIZE;
      while (b + 1 < centres.length && centres[b + 1]! < hz) b++;
      let v: number;
      if (hz <= centres[0]!) v = logMel[0]!;
      else if (b + 1 >= centres.length) {
        // Above the top band: fade the correction out over an octave.
        const fade = Math.max(0, 1 - Math.log2(hz / centres[centres.length - 1]!));
        v = logMel[centres.length - 1]! * fade;
      } else {
        const t = (hz - centres[b]!) / (centres[b + 1]! - centres[b]!);
        v = logMel[b]! + t * (logMel[b + 1]! - logMel[b]!);
      }
      // Power in the log domain: half of it is the amplitude's.
      g[k] = v / 2;
    }
    gainCache.set(f, g);
    if (gainCache.size > 8) gainCache.delete(gainCache.keys().next().value!);
    return g;
  };
  const fft = new Fft(SIZE);
  const window = Float64Array.from({ length: SIZE }, (_, i) => Math.sin((Math.PI * (i + 0.5)) / SIZE));
  const out = new Float32Array(samples.length);
  const re = new Float64Array(SIZE);
  const im = new Float64Array(SIZE);
  const hopSeconds = FRAME_HOP;
  // The inverse is N times too large, and sine analysis and synthesis windows at a quarter hop
  // overlap-add to 2.
  const scale = 1 / (2 * SIZE);
  for (let start = -SIZE + HOP; start < samples.length; start += HOP) {
    for (let i = 0; i < SIZE; i++) {
      re[i] = (samples[start + i] ?? 0) * window[i]!;
      im[i] = 0;
    }
    fft.transform(re, im);
    const centreSeconds = (start + SIZE / 2) / sampleRate;
    const x = Math.max(0, Math.min(frameCount - 1, centreSeconds / hopSeconds));
    const f = Math.floor(x);
    const frac = x - f;
    const g0 = gainsAt(f);
    const g1 = gainsAt(Math.min(frameCount - 1, f + 1));
    for (let k = 0; k < bins; k++) {
      const gain = Math.exp(g0[k]! + frac * (g1[k]! - g0[k]!));
      re[k]! *= gain;
      im[k]! *= gain;
      if (k > 0 && k < SIZE / 2) {
        re[SIZE - k]! *= gain;
        im[SIZE - k]! *= gain;
      }
    }
    // Inverse by conjugation: conj(fft(conj(X))) / N.
    for (let i = 0; i < SIZE; i++) im[i] = -im[i]!;
    fft.transform(re, im);
    for (let i = 0; i < SIZE; i++) {
      const o = start + i;
      if (o >= 0 && o < out.length) out[o]! += re[i]! * window[i]! * scale;
    }
  }
  return out;
}
