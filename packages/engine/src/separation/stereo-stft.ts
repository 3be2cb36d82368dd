import initPffft, { type PffftModule } from '@echogarden/pffft-wasm/simd';
import { hannWindow } from '../dsp/fft.ts';
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

let pffft: Promise<PffftModule> | undefined;
const PFFFT_COMPLEX = 1;
const FORWARD = 0;
const BACKWARD = 1;

/**
 * Short-time Fourier transform of a stereo pair with Hann analysis and synthesis windows at a
 * quarter-frame hop (the squared windows sum to a constant 1.5, so masked frames overlap-add back
 * without ripple). Both channels share one complex FFT (left real, right imaginary; PFFFT in
 * WebAssembly SIMD, about ten times the speed of the engine's JavaScript FFT) and are split by
 * Hermitian symmetry. Frame f covers samples [f·hop − (N − hop), f·hop + hop), so the first and
 * last samples see the full window sum. Call `dispose()` when done (the buffers live in WASM memory).
 */
export class StereoStft {
  readonly size: Samples;
  readonly hop: Samples;
  readonly bins: number;
  private readonly window: Float32Array;
  private readonly module: PffftModule;
  private readonly setup: number;
  private readonly input: number;
  private readonly output: number;
  private readonly work: number;

  static async create(size: Samples): Promise<StereoStft> {
    pffft ??= initPffft();
    return new StereoStft(size, await pffft);
  }

  private constructor(size: Samples, module: PffftModule) {
    this.size = size;
    this.hop = size / 4;
    this.bins = size / 2 + 1;
    this.window = Float32Array.from(hannWindow(size));
    this.module = module;
    this.setup = module._pffft_new_setup(size, PFFFT_COMPLEX);
    this.input = module._pffft_aligned_malloc(size * 8);
    this.output = module._pffft_aligned_malloc(size * 8);
    this.work = module._pffft_aligned_malloc(size * 8);
  }

  dispose(): void {
    this.module._pffft_aligned_free(this.input);
    this.module._pffft_aligned_free(this.output);
    this.module._pffft_aligned_free(this.work);
    this.module._pffft_destroy_setup(this.setup);
  }

  frameCount(length: Samples): number {
    return Math.ceil((length + this.size - this.hop) / this.hop);
  }

  frameStart(frame: number): Samples {
    return frame * this.hop - (this.size - this.hop);
  }

  analyze(left: Float32Array, right: Float32Array, frame: number, out: StereoSpectrum): void {
    const { size, window } = this;
    const heap = this.module.HEAPF32;
    const input = this.input >> 2;
    const start = this.frameStart(frame);
    const length = left.length;
    for (let i = 0; i < size; i++) {
      const at = start + i;
      if (at >= 0 && at < length) {
        heap[input + 2 * i] = left[at]! * window[i]!;
        heap[input + 2 * i + 1] = right[at]! * window[i]!;
      } else {
        heap[input + 2 * i] = 0;
        heap[input + 2 * i + 1] = 0;
      }
    }
    this.module._pffft_transform_ordered(this.setup, this.input, this.output, this.work, FORWARD);
    const z = this.output >> 2;
    const { leftRe, leftIm, rightRe, rightIm } = out;
    for (let k = 0; k < this.bins; k++) {
      const j = k === 0 ? 0 : size - k;
      const zr = heap[z + 2 * k]!;
      const zi = heap[z + 2 * k + 1]!;
      const wr = heap[z + 2 * j]!;
      const wi = heap[z + 2 * j + 1]!;
      // L = (Z[k] + conj Z[N−k]) / 2, R = (Z[k] − conj Z[N−k]) / 2i
      leftRe[k] = 0.5 * (zr + wr);
      leftIm[k] = 0.5 * (zi - wi);
      rightRe[k] = 0.5 * (zi + wi);
      rightIm[k] = 0.5 * (wr - zr);
    }
  }

  /** Inverse of one frame's (masked) spectra, windowed and added into both outputs at the frame's place. */
  synthesizeAdd(spectrum: StereoSpectrum, frame: number, left: Float32Array, right: Float32Array): void {
    const { size, window, bins } = this;
    const heap = this.module.HEAPF32;
    const y = this.input >> 2;
    const { leftRe, leftIm, rightRe, rightIm } = spectrum;
    // Y = L + iR over the full circle: Y[k] = L[k] + i·R[k], Y[N−k] = conj L[k] + i·conj R[k].
    for (let k = 0; k < bins; k++) {
      heap[y + 2 * k] = leftRe[k]! - rightIm[k]!;
      heap[y + 2 * k + 1] = leftIm[k]! + rightRe[k]!;
    }
    for (let k = 1; k < bins - 1; k++) {
      heap[y + 2 * (size - k)] = leftRe[k]! + rightIm[k]!;
      heap[y + 2 * (size - k) + 1] = rightRe[k]! - leftIm[k]!;
    }
    this.module._pffft_transform_ordered(this.setup, this.input, this.output, this.work, BACKWARD);
    const x = this.output >> 2;
    const scale = 1 / (size * 1.5);
    const start = this.frameStart(frame);
    const length = left.length;
    const from = Math.max(0, -start);
    const to = Math.min(size, length - start);
    for (let i = from; i < to; i++) {
      const w = window[i]! * scale;
      left[start + i]! += heap[x + 2 * i]! * w;
      right[start + i]! += heap[x + 2 * i + 1]! * w;
    }
  }
}
