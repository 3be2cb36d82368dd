import { describe, expect, it } from 'vitest';
import { extendBandwidth } from './bandwidth-extender.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { Fft, hannWindow } from '../dsp/fft.ts';
import { seededRandom } from '../beats/seeded-random.ts';
import { peakOf, rmsOf } from '../pcm-audio.ts';
import type { Hz, Seconds } from '../units.ts';

const SR: Hz = 44100;
/** Where a 16 kHz voice's content ends, as the renderer tells the extender. */
const CUTOFF: Hz = 7400;

/** A voiced sound as a 16 kHz TTS gives it: harmonics of `f0` (which may glide) up to 7 kHz. */
function vowel(seconds: Seconds, f0From: Hz, f0To: Hz = f0From): Float32Array {
  const n = Math.round(seconds * SR);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const f0 = f0From + ((f0To - f0From) * i) / n;
    phase += (2 * Math.PI * f0) / SR;
    let x = 0;
    for (let k = 1; k * f0 < 7000; k++) x += Math.sin(k * phase) / k;
    out[i] = 0.3 * x;
  }
  return out;
}

/** A voiceless fricative as a 16 kHz TTS gives it: noise in 3–7 kHz, nothing under it. */
function fricative(seconds: Seconds): Float32Array {
  const random = seededRandom(3);
  const out = Float32Array.from({ length: Math.round(seconds * SR) }, () => (random() * 2 - 1) * 0.3);
  new Biquad({ type: 'highpass', frequency: 3000, sampleRate: SR }).process(out);
  new Biquad({ type: 'lowpass', frequency: 7000, sampleRate: SR }).process(out);
  new Biquad({ type: 'lowpass', frequency: 7000, sampleRate: SR }).process(out);
  return out;
}

/** What the extender added above the source's band. */
function above(original: Float32Array, extended: Float32Array, from: Hz = 7800): Float32Array {
  const added = extended.map((x, i) => x - original[i]!);
  for (let pass = 0; pass < 2; pass++)
    new Biquad({ type: 'highpass', frequency: from, sampleRate: SR }).process(added);
  return added;
}

/** Mean magnitude spectrum over frames of `x` (8192 points, hop 2048). */
function meanSpectrum(x: Float32Array): Float64Array {
  const size = 8192;
  const fft = new Fft(size);
  const window = hannWindow(size);
  const sum = new Float64Array(size / 2 + 1);
  let frames = 0;
  for (let start = 0; start + size <= x.length; start += 2048, frames++) {
    const m = fft.magnitudes(x.subarray(start, start + size), window);
    for (let k = 0; k < m.length; k++) sum[k]! += m[k]!;
  }
  return sum.map((v) => v / Math.max(1, frames));
}

const db = (ratio: number) => 20 * Math.log10(ratio);
const binOf = (f: Hz) => Math.round((f * 8192) / SR);

describe('bandwidth extension', () => {
  it("continues a vowel's own harmonics above the band, not noise between them", () => {
    const dry = vowel(1, 220);
    const added = above(dry, extendBandwidth(dry.slice(), { sampleRate: SR, sourceCutoff: CUTOFF }));
    // Measured: −33 dB under the vowel, its harmonics 43 dB over the bins half-way between them.
    const level = db(rmsOf(added) / rmsOf(dry));
    expect(level).toBeGreaterThan(-45);
    expect(level).toBeLessThan(-20);
    const spectrum = meanSpectrum(added);
    let onHarmonics = 0;
    let between = 0;
    for (let k = Math.ceil(8000 / 220); k * 220 < 15000; k++) {
      onHarmonics += spectrum[binOf(k * 220)]!;
      between += spectrum[binOf((k + 0.5) * 220)]!;
    }
    expect(db(onHarmonics / between)).toBeGreaterThan(20);
  });

  it('gives a fricative its air above the band', () => {
    const s = fricative(0.5);
    const air = above(s, extendBandwidth(s.slice(), { sampleRate: SR, sourceCutoff: CUTOFF }));
    // Measured: −9 dB against the fricative's own band.
    expect(db(rmsOf(air) / rmsOf(s))).toBeGreaterThan(-20);
  });

  it('falls silent with the voice, and adds nothing to silence', () => {
    const dry = new Float32Array(Math.round(0.9 * SR));
    dry.set(vowel(0.3, 200));
    dry.set(fricative(0.1), Math.round(0.3 * SR));
    const out = extendBandwidth(dry.slice(), { sampleRate: SR, sourceCutoff: CUTOFF });
    // The voice stops at 0.4 s; measured −50 dB 0.1 s later.
    expect(db(peakOf(out.subarray(Math.round(0.5 * SR))) / peakOf(dry))).toBeLessThan(-45);
    expect(peakOf(extendBandwidth(new Float32Array(SR), { sampleRate: SR, sourceCutoff: CUTOFF }))).toBe(0);
  });

  it('holds no steady line above the band while the pitch moves', () => {
    const added = (() => {
      const dry = vowel(2, 180, 300);
      return above(dry, extendBandwidth(dry.slice(), { sampleRate: SR, sourceCutoff: CUTOFF }));
    })();
    const peakOverMedian = (x: Float32Array) => {
      const band = Array.from(meanSpectrum(x).subarray(binOf(8000), binOf(15000))).sort((a, b) => a - b);
      return db(band[band.length - 1]! / band[Math.floor(band.length / 2)]!);
    };
    // Measured 2 dB; a steady 11 kHz tone at 0.3 of the extension's level reads 16 dB.
    expect(peakOverMedian(added)).toBeLessThan(8);
    const level = rmsOf(added);
    const withLine = added.map(
      (x, i) => x + 0.3 * level * Math.SQRT2 * Math.sin((2 * Math.PI * 11000 * i) / SR),
    );
    expect(peakOverMedian(withLine)).toBeGreaterThan(8);
  });

  it('leaves the band under the cutoff as it was', () => {
    const dry = vowel(0.5, 220);
    const out = extendBandwidth(dry.slice(), { sampleRate: SR, sourceCutoff: CUTOFF });
    const change = out.map((x, i) => x - dry[i]!);
    for (let pass = 0; pass < 2; pass++)
      new Biquad({ type: 'lowpass', frequency: 5000, sampleRate: SR }).process(change);
    // Measured −48 dB.
    expect(db(rmsOf(change) / rmsOf(dry))).toBeLessThan(-40);
  });
});
