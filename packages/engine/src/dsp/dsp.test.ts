import { describe, expect, it } from 'vitest';
import { rampedWindow } from './ramped-window.ts';
import { resample } from './resampler.ts';
import { Biquad } from './biquad-filter.ts';
import { limit, compress } from './dynamics.ts';
import { Fft } from './fft.ts';
import { stretch, stretchFast, stretchSpeech } from './time-stretcher.ts';
import { peakOf, rmsOf } from '../pcm-audio.ts';

const sine = (frequency: number, sampleRate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate),
  );

describe('resampler', () => {
  it('keeps a tone’s level and pitch when upsampling 16 kHz to 44.1 kHz', () => {
    const out = resample(sine(1000, 16000, 0.5), 16000, 44100);
    expect(out.length).toBe(22050);
    expect(rmsOf(out, 2000, 20000)).toBeCloseTo(0.5 / Math.SQRT2, 3);
  });
  it('equals a windowed-sinc sum at every sample, edges included: exact per phase between whole-number rates, else interpolated between table rows', () => {
    let seed = 3;
    const input = Float32Array.from(
      { length: 3000 },
      () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5,
    );
    const bessel = (v: number) => {
      let sum = 1;
      let term = 1;
      for (let m = 1; m < 30; m++) sum += term *= (v / (2 * m)) ** 2;
      return sum;
    };
    for (const [from, to] of [
      [16000, 44100],
      [16197.3, 44100],
      [44100, 16000],
    ] as const) {
      const out = resample(input, from, to);
      const cutoff = 0.9 * Math.min(1, to / from);
      /** The kernel for fractional offset `frac`, evaluated the plain way. */
      const row = (frac: number) => {
        const taps = Array.from({ length: 48 }, (_, k) => {
          const d = k - 24 + 1 - frac;
          const x = Math.PI * d * cutoff;
          const r = d / 24;
          const w = Math.abs(r) >= 1 ? 0 : bessel(8 * Math.sqrt(1 - r * r)) / bessel(8);
          return (d === 0 ? 1 : Math.sin(x) / x) * w * cutoff;
        });
        // Unity gain at every phase, the sum taken before the taps are stored as floats.
        const total = taps.reduce((a, b) => a + b, 0);
        return taps.map((v) => Math.fround(Math.fround(v) / total));
      };
      const whole = Number.isInteger(from);
      for (const i of [0, 1, 7, Math.floor(out.length / 2), out.length - 2, out.length - 1]) {
        let base: number;
        let taps: number[];
        if (whole) {
          // 16 → 44.1 kHz is 441 phases of 160 input samples: output i at i·160/441.
          const [up, down] = [to / 100, from / 100]; // 100: the greatest common divisor
          base = Math.floor((i * down) / up);
          taps = row(((i * down) % up) / up);
        } else {
          const t = i * (from / to);
          base = Math.floor(t);
          const phase = (t - base) * 512;
          const p0 = Math.floor(phase);
          const [a, b] = [row(p0 / 512), row((p0 + 1) / 512)];
          taps = a.map((v, k) => v + (phase - p0) * (b[k]! - v));
        }
        let acc = 0;
        for (let k = 0; k < 48; k++) {
          const j = base - 23 + k;
          if (j >= 0 && j < input.length) acc += input[j]! * taps[k]!;
        }
        // Summed in another order than here (four running sums): equal to float precision.
        expect(Math.abs(out[i]! - acc)).toBeLessThan(1e-6);
      }
    }
  });
  it('resamples between whole-number rates as the interpolated table would, within 1e-4', () => {
    let seed = 5;
    const input = Float32Array.from(
      { length: 16000 },
      () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5,
    );
    // The same ratio off by a hair takes the interpolated path.
    const exact = resample(input, 16000, 44100);
    const interpolated = resample(input, 16000.000001, 44100.0000027);
    let worst = 0;
    expect(Math.abs(exact.length - interpolated.length)).toBeLessThanOrEqual(1);
    for (let i = 0; i < Math.min(exact.length, interpolated.length); i++)
      worst = Math.max(worst, Math.abs(exact[i]! - interpolated[i]!));
    expect(worst).toBeLessThan(1e-4);
  });
  it('removes content above the new Nyquist when downsampling (no aliasing)', () => {
    const out = resample(sine(15000, 44100, 0.5), 44100, 16000);
    expect(rmsOf(out, 500, 7500)).toBeLessThan(0.005);
  });
});

describe('biquad filters', () => {
  it('low-pass passes the band and attenuates above the cut-off', () => {
    const low = new Biquad({ type: 'lowpass', frequency: 1000, sampleRate: 44100 }).process(
      sine(200, 44100, 0.3),
    );
    const high = new Biquad({ type: 'lowpass', frequency: 1000, sampleRate: 44100 }).process(
      sine(8000, 44100, 0.3),
    );
    expect(rmsOf(low, 4000)).toBeGreaterThan(0.34);
    expect(rmsOf(high, 4000)).toBeLessThan(0.01);
  });
});

describe('dynamics', () => {
  it('the limiter never lets a sample over the ceiling, and leaves quiet parts alone', () => {
    const x = sine(100, 44100, 1, 0.3);
    for (let i = 20000; i < 21000; i++) x[i]! *= 4;
    const y = x.slice();
    limit([y], { ceiling: 0.5, lookahead: 0.005, release: 0.05, sampleRate: 44100 });
    expect(peakOf(y)).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(rmsOf(y, 0, 15000)).toBeCloseTo(rmsOf(x, 0, 15000), 4);
  });
  it('the compressor reduces loud signal by roughly its ratio above threshold', () => {
    const y = compress(sine(200, 44100, 1, 1), {
      threshold: -20,
      ratio: 4,
      attack: 0.001,
      release: 0.05,
      knee: 0,
      sampleRate: 44100,
    });
    // 0 dBFS peak, 20 dB over: 15 dB of reduction.
    expect(peakOf(y.subarray(22050))).toBeGreaterThan(0.15);
    expect(peakOf(y.subarray(22050))).toBeLessThan(0.22);
  });
});

describe('fft', () => {
  it('puts a bin-centred tone in its bin', () => {
    const fft = new Fft(256);
    const mags = fft.magnitudes(
      Float32Array.from({ length: 256 }, (_, i) => Math.cos((2 * Math.PI * 10 * i) / 256)),
    );
    expect(mags[10]).toBeCloseTo(128, 6);
    expect(mags[11]).toBeLessThan(1e-9);
  });

  it('matches a direct DFT of a complex signal at every size', () => {
    for (const size of [2, 4, 8, 64, 512]) {
      const re = Float64Array.from({ length: size }, (_, i) => Math.sin(i * 0.37) + (i % 5) * 0.2);
      const im = Float64Array.from({ length: size }, (_, i) => Math.cos(i * 0.11) - 0.3);
      const dr = new Float64Array(size);
      const di = new Float64Array(size);
      for (let k = 0; k < size; k++)
        for (let t = 0; t < size; t++) {
          const a = (-2 * Math.PI * k * t) / size;
          dr[k]! += re[t]! * Math.cos(a) - im[t]! * Math.sin(a);
          di[k]! += re[t]! * Math.sin(a) + im[t]! * Math.cos(a);
        }
      new Fft(size).transform(re, im);
      for (let k = 0; k < size; k++) {
        expect(re[k]).toBeCloseTo(dr[k]!, 9);
        expect(im[k]).toBeCloseTo(di[k]!, 9);
      }
    }
  });
});

describe('time stretcher', () => {
  it('places key-framed transients where asked (R2 precise) within 20 ms', async () => {
    const rate = 16000;
    const x = new Float32Array(rate * 3);
    for (let i = 0; i < x.length; i++) x[i] = 0.05 * Math.sin(i * 0.07);
    const marks = [0.5, 1.0, 1.5, 2.0, 2.5];
    for (const m of marks)
      for (let i = 0; i < 800; i++) x[Math.round(m * rate) + i]! += Math.sin(i * 0.3) * Math.exp(-i / 200);
    const targets = [0.4, 1.2, 1.5, 2.4, 3.3];
    const y = await stretch(x, {
      sampleRate: rate,
      engine: 'faster',
      outputLength: 3.8 * rate,
      keyFrames: marks.map((m, i) => ({ from: m * rate, to: targets[i]! * rate })),
    });
    expect(y.length).toBe(3.8 * rate);
    const found: number[] = [];
    let last = -1e9;
    for (let i = 0; i < y.length; i++) {
      if (Math.abs(y[i]!) > 0.4) {
        if (i - last > 2000) found.push(i / rate);
        last = i;
      }
    }
    expect(found).toHaveLength(5);
    found.forEach((t, i) => expect(Math.abs(t - targets[i]!)).toBeLessThan(0.02));
  });
  it('places key-framed bursts with Sonic within 15 ms, with no clicks at the joins', async () => {
    const rate = 16000;
    const x = new Float32Array(rate * 3);
    for (let i = 0; i < x.length; i++) x[i] = 0.05 * Math.sin(i * 0.07);
    const marks = [0.5, 1.0, 1.5, 2.0, 2.5];
    for (const m of marks)
      for (let i = 0; i < 800; i++) x[Math.round(m * rate) + i]! += Math.sin(i * 0.3) * Math.exp(-i / 200);
    const targets = [0.4, 1.2, 1.5, 2.4, 3.3];
    const y = await stretchSpeech(x, {
      sampleRate: rate,
      outputLength: 3.8 * rate,
      // A join at 0.7 s falls in the quiet sine alone.
      keyFrames: marks
        .map((m, i) => ({ from: m * rate, to: targets[i]! * rate }))
        .toSpliced(1, 0, { from: 0.75 * rate, to: 0.7 * rate }),
    });
    expect(y.length).toBe(3.8 * rate);
    const found: number[] = [];
    let last = -1e9;
    for (let i = 0; i < y.length; i++) {
      if (Math.abs(y[i]!) > 0.4) {
        if (i - last > 2000) found.push(i / rate);
        last = i;
      }
    }
    expect(found).toHaveLength(5);
    found.forEach((t, i) => expect(Math.abs(t - targets[i]!)).toBeLessThan(0.015));
    // The sine goes on through the join: no jump, no hole.
    for (let i = Math.round(0.68 * rate); i < Math.round(0.72 * rate); i++)
      expect(Math.abs(y[i]! - y[i - 1]!)).toBeLessThan(0.01);
    expect(rmsOf(y, Math.round(0.69 * rate), Math.round(0.71 * rate))).toBeGreaterThan(0.025);
  });
  it('sonic changes duration quickly without changing pitch', async () => {
    const y = await stretchFast(sine(300, 16000, 1), { sampleRate: 16000, timeRatio: 1.5 });
    expect(y.length / 16000).toBeCloseTo(1.5, 1);
  });
});

describe('ramped window', () => {
  it('rises over its first ramp, holds 1 and falls over its last, 0 outside', () => {
    expect([-1, 0, 2, 4, 6, 8, 10, 11].map((i) => rampedWindow(i, 0, 10, 4))).toEqual([
      0, 0, 0.5, 1, 1, 0.5, 0, 0,
    ]);
    // Shorter than two ramps: it peaks below 1.
    expect(rampedWindow(3, 0, 6, 4)).toBe(0.75);
  });
});
