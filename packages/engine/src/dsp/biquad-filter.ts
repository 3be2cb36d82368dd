import type { Decibels, Hz } from '../units.ts';

export type BiquadType = 'lowpass' | 'highpass' | 'bandpass' | 'peaking' | 'lowshelf' | 'highshelf';

export interface BiquadOptions {
  type: BiquadType;
  frequency: Hz;
  sampleRate: Hz;
  /** Resonance; 0.707 is maximally flat for low/high-pass. */
  q?: number;
  gain?: Decibels;
}

export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** RBJ audio-EQ-cookbook designs, normalised so a0 = 1. */
export function designBiquad({
  type,
  frequency,
  sampleRate,
  q = Math.SQRT1_2,
  gain = 0,
}: BiquadOptions): BiquadCoefficients {
  const w = (2 * Math.PI * Math.min(frequency, sampleRate * 0.49)) / sampleRate;
  const cw = Math.cos(w);
  const sw = Math.sin(w);
  const alpha = sw / (2 * q);
  const A = 10 ** (gain / 40);
  let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
  switch (type) {
    case 'lowpass':
      [b0, b1, b2] = [(1 - cw) / 2, 1 - cw, (1 - cw) / 2];
      [a0, a1, a2] = [1 + alpha, -2 * cw, 1 - alpha];
      break;
    case 'highpass':
      [b0, b1, b2] = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2];
      [a0, a1, a2] = [1 + alpha, -2 * cw, 1 - alpha];
      break;
    case 'bandpass':
      [b0, b1, b2] = [alpha, 0, -alpha];
      [a0, a1, a2] = [1 + alpha, -2 * cw, 1 - alpha];
      break;
    case 'peaking':
      [b0, b1, b2] = [1 + alpha * A, -2 * cw, 1 - alpha * A];
      [a0, a1, a2] = [1 + alpha / A, -2 * cw, 1 - alpha / A];
      break;
    case 'lowshelf': {
      const s = 2 * Math.sqrt(A) * alpha;
      [b0, b1, b2] = [
        A * (A + 1 - (A - 1) * cw + s),
        2 * A * (A - 1 - (A + 1) * cw),
        A * (A + 1 - (A - 1) * cw - s),
      ];
      [a0, a1, a2] = [A + 1 + (A - 1) * cw + s, -2 * (A - 1 + (A + 1) * cw), A + 1 + (A - 1) * cw - s];
      break;
    }
    case 'highshelf': {
      const s = 2 * Math.sqrt(A) * alpha;
      [b0, b1, b2] = [
        A * (A + 1 + (A - 1) * cw + s),
        -2 * A * (A - 1 + (A + 1) * cw),
        A * (A + 1 + (A - 1) * cw - s),
      ];
      [a0, a1, a2] = [A + 1 - (A - 1) * cw + s, 2 * (A - 1 - (A + 1) * cw), A + 1 - (A - 1) * cw - s];
      break;
    }
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** Stateful transposed direct form II biquad; processes blocks in place. */
export class Biquad {
  private c: BiquadCoefficients;
  private z1 = 0;
  private z2 = 0;
  constructor(options: BiquadOptions | BiquadCoefficients) {
    this.c = 'type' in options ? designBiquad(options) : options;
  }
  process(buffer: Float32Array, start = 0, end = buffer.length): Float32Array {
    const { b0, b1, b2, a1, a2 } = this.c;
    let z1 = this.z1;
    let z2 = this.z2;
    for (let i = start; i < end; i++) {
      const x = buffer[i]!;
      const y = b0 * x + z1;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      buffer[i] = y;
    }
    // Flush denormals: long silent tails otherwise slow the loop to a crawl.
    this.z1 = Math.abs(z1) < 1e-25 ? 0 : z1;
    this.z2 = Math.abs(z2) < 1e-25 ? 0 : z2;
    return buffer;
  }
  tick(x: number): number {
    const { b0, b1, b2, a1, a2 } = this.c;
    const y = b0 * x + this.z1;
    this.z1 = b1 * x - a1 * y + this.z2;
    this.z2 = b2 * x - a2 * y;
    return y;
  }
}

/** Applies a chain of filters to a copy (or in place when `inPlace`). */
export function filterChain(input: Float32Array, filters: BiquadOptions[], inPlace = false): Float32Array {
  const out = inPlace ? input : input.slice();
  for (const f of filters) new Biquad(f).process(out);
  return out;
}
