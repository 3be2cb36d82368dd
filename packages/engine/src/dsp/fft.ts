/**
 * In-place iterative radix-2 complex FFT with cached twiddles and bit-reversal tables.
 * Synchronous (no WASM start-up), which keeps analysis functions simple to call.
 */
export class Fft {
  readonly size: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reverse: Uint32Array;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0)
      throw new Error(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
    this.reverse = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reverse[i] = r;
    }
  }

  /** Forward transform of (re, im) in place. */
  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = this.reverse[i]!;
      if (j > i) {
        let t = re[i]!;
        re[i] = re[j]!;
        re[j] = t;
        t = im[i]!;
        im[i] = im[j]!;
        im[j] = t;
      }
    }
    // Stage of length 2: every twiddle is 1.
    for (let a = 0; a < n; a += 2) {
      const xr = re[a + 1]!;
      const xi = im[a + 1]!;
      re[a + 1] = re[a]! - xr;
      im[a + 1] = im[a]! - xi;
      re[a]! += xr;
      im[a]! += xi;
    }
    // Twiddle outermost: each is read once per stage, not once per butterfly.
    for (let len = 4; len <= n; len <<= 1) {
      const half = len >> 1;
      const step = n / len;
      for (let k = 0; k < half; k++) {
        const wr = this.cos[k * step]!;
        const wi = this.sin[k * step]!;
        for (let a = k; a < n; a += len) {
          const b = a + half;
          const br = re[b]!;
          const bi = im[b]!;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          re[b] = re[a]! - xr;
          im[b] = im[a]! - xi;
          re[a]! += xr;
          im[a]! += xi;
        }
      }
    }
  }

  /** Magnitude spectrum (size/2 + 1 bins) of a real frame, windowed by `window` when given. */
  magnitudes(
    frame: ArrayLike<number>,
    window?: Float64Array,
    out = new Float64Array(this.size / 2 + 1),
  ): Float64Array {
    const re = new Float64Array(this.size);
    const im = new Float64Array(this.size);
    for (let i = 0; i < this.size; i++) re[i] = (frame[i] ?? 0) * (window ? window[i]! : 1);
    this.transform(re, im);
    for (let k = 0; k <= this.size / 2; k++) out[k] = Math.hypot(re[k]!, im[k]!);
    return out;
  }
}

export function hannWindow(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}
