import { Fft, hannWindow } from '../dsp/fft.ts';
import type { Hz, Samples } from '../units.ts';

/** One frame's half spectrum (bins 0..N/2) of both channels. */
export interface StereoSpectrum {
  leftRe: Float32Array;
  leftIm: Float32Array;
  rightRe: Float32Array;
  rightIm: Float32Array;
}

export const createStereoSpectrum = (bins: number): StereoSpectrum => ({
  leftRe: new Float32Array(bins),
  leftIm: new Float32Array(bins),
  rightRe: new Float32Array(bins),
  rightIm: new Float32Array(bins),
});

/** Analysis window of about 93 ms whatever the rate: long enough to resolve a low voice's harmonics. */
export function frameSizeFor(sampleRate: Hz): Samples {
  let size = 256;
  while (size * 1.5 < sampleRate * 0.093) size *= 2;
  return size;
}

/**
 * Short-time Fourier transform of a stereo pair with Hann analysis and synthesis windows at a
 * quarter-frame hop (the squared windows sum to a constant 1.5, so masked frames overlap-add back
 * without ripple). Both channels share one complex FFT (left real, right imaginary) and are split
 * by Hermitian symmetry, which halves the transform count. Frame f covers samples
 * [f·hop − (N − hop), f·hop + hop), so the first and last samples see the full window sum.
 */
export class StereoStft {
  readonly size: Samples;
  readonly hop: Samples;
  readonly bins: number;
  private readonly fft: Fft;
  private readonly window: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;

  constructor(size: Samples) {
    this.size = size;
    this.hop = size / 4;
    this.bins = size / 2 + 1;
    this.fft = new Fft(size);
    this.window = hannWindow(size);
    this.re = new Float64Array(size);
    this.im = new Float64Array(size);
  }

  frameCount(length: Samples): number {
    return Math.ceil((length + this.size - this.hop) / this.hop);
  }

  frameStart(frame: number): Samples {
    return frame * this.hop - (this.size - this.hop);
  }

  analyze(left: Float32Array, right: Float32Array, frame: number, out: StereoSpectrum): void {
    const { size, re, im, window } = this;
    const start = this.frameStart(frame);
    const length = left.length;
    for (let i = 0; i < size; i++) {
      const at = start + i;
      if (at >= 0 && at < length) {
        re[i] = left[at]! * window[i]!;
        im[i] = right[at]! * window[i]!;
      } else {
        re[i] = 0;
        im[i] = 0;
      }
    }
    this.fft.transform(re, im);
    const { leftRe, leftIm, rightRe, rightIm } = out;
    for (let k = 0; k < this.bins; k++) {
      const j = k === 0 ? 0 : size - k;
      const zr = re[k]!;
      const zi = im[k]!;
      const wr = re[j]!;
      const wi = im[j]!;
      // L = (Z[k] + conj Z[N−k]) / 2, R = (Z[k] − conj Z[N−k]) / 2i
      leftRe[k] = 0.5 * (zr + wr);
      leftIm[k] = 0.5 * (zi - wi);
      rightRe[k] = 0.5 * (zi + wi);
      rightIm[k] = 0.5 * (wr - zr);
    }
  }

  /** Inverse of one frame's (masked) spectra, windowed and added into both outputs at the frame's place. */
  synthesizeAdd(spectrum: StereoSpectrum, frame: number, left: Float32Array, right: Float32Array): void {
    const { size, re, im, window, bins } = this;
    const { leftRe, leftIm, rightRe, rightIm } = spectrum;
    // Y = L + iR over the full circle; the inverse is conj(FFT(conj Y)) / N.
    for (let k = 0; k < bins; k++) {
      re[k] = leftRe[k]! - rightIm[k]!;
      im[k] = -(leftIm[k]! + rightRe[k]!);
    }
    for (let k = 1; k < bins - 1; k++) {
      // Y[N−k] = conj L[k] + i conj R[k]
      re[size - k] = leftRe[k]! + rightIm[k]!;
      im[size - k] = -(-leftIm[k]! + rightRe[k]!);
    }
    this.fft.transform(re, im);
    const scale = 1 / (size * 1.5);
    const start = this.frameStart(frame);
    const length = left.length;
    const from = Math.max(0, -start);
    const to = Math.min(size, length - start);
    for (let i = from; i < to; i++) {
      const w = window[i]! * scale;
      left[start + i]! += re[i]! * w;
      right[start + i]! -= im[i]! * w;
    }
  }
}
