import { describe, expect, it } from 'vitest';
import { detectSyllableOnsets } from './syllable-onsets.ts';

const SR = 44100;

function noise(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) / 2147483647) * 2 - 1;
}

/** A voiced carrier: a sawtooth-like sum of harmonics with a wandering pitch. */
function voice(length: number, f0: number): Float32Array {
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    phase += (2 * Math.PI * (f0 + 0.15 * f0 * Math.sin((2 * Math.PI * 1.3 * i) / SR))) / SR;
    let v = 0;
    for (let h = 1; h < 25; h++) v += Math.sin(h * phase) / h;
    out[i] = v;
  }
  return out;
}

function expectOnePerEvent(found: number[], truth: number[], within: number) {
  expect(found).toHaveLength(truth.length);
  found.forEach((t, i) => expect(Math.abs(t - truth[i]!)).toBeLessThan(within));
}

describe('detectSyllableOnsets', () => {
  it('finds decaying voiced bursts out of silence at their start', () => {
    const times = [0.3, 0.62, 0.9, 1.35, 1.6, 2.1];
    const x = new Float32Array(Math.round(2.6 * SR));
    times.forEach((t, j) => {
      const tone = voice(Math.round(0.2 * SR), 110 + 25 * j);
      for (let i = 0; i < tone.length; i++) {
        const s = i / SR;
        x[Math.round(t * SR) + i] = 0.3 * Math.min(1, s / 0.005) * Math.exp(-s / 0.06) * tone[i]!;
      }
    });
    expectOnePerEvent(detectSyllableOnsets(x, { sampleRate: SR }), times, 0.01);
  });

  it('finds every syllable of a gap-free line (level dips, no silence) once', () => {
    const starts = [0.2];
    while (starts.length < 14)
      starts.push(starts[starts.length - 1]! + [0.12, 0.18, 0.15, 0.22][starts.length % 4]!);
    const carrier = voice(Math.round(2.8 * SR), 140);
    const hiss = noise(3);
    const x = carrier.map((v, i) => {
      const t = i / SR;
      // Consonants between syllables sit 20 dB down; each vowel swells in over 25 ms and fades.
      let gain = 0.1;
      starts.forEach((s, k) => {
        const next = starts[k + 1] ?? s + 0.2;
        if (t >= s - 0.0125 && t < next - 0.04)
          gain = Math.max(gain, 0.1 + 0.9 * Math.min(1, (t - s + 0.0125) / 0.025) * Math.exp(-(t - s) / 0.3));
      });
      return 0.3 * gain * v + 0.003 * hiss();
    });
    expectOnePerEvent(detectSyllableOnsets(x, { sampleRate: SR }), starts, 0.01);
  });

  it('gives a consonant-vowel syllable one onset, not one for the hiss and one for the vowel', () => {
    const vowels = [0.4, 0.9, 1.4];
    const x = new Float32Array(Math.round(1.9 * SR));
    const hiss = noise(7);
    const tone = voice(Math.round(0.25 * SR), 130);
    for (const v of vowels) {
      // 60 ms of fricative (high-passed noise) right before the vowel.
      let previous = 0;
      for (let i = Math.round((v - 0.06) * SR); i < Math.round(v * SR); i++) {
        const n = hiss();
        x[i] = 0.15 * (n - previous);
        previous = n;
      }
      for (let i = 0; i < tone.length; i++)
        x[Math.round(v * SR) + i] = 0.3 * Math.min(1, i / SR / 0.01) * Math.exp(-i / SR / 0.1) * tone[i]!;
    }
    const found = detectSyllableOnsets(x, { sampleRate: SR });
    expect(found).toHaveLength(vowels.length);
    // Heard anywhere from the hiss to the vowel: the render test allows the same window.
    found.forEach((t, i) => {
      expect(t).toBeGreaterThan(vowels[i]! - 0.07);
      expect(t).toBeLessThan(vowels[i]! + 0.015);
    });
  });

  it('finds nothing in silence or steady noise', () => {
    expect(detectSyllableOnsets(new Float32Array(SR), { sampleRate: SR })).toEqual([]);
    const hiss = noise(11);
    const x = new Float32Array(SR).map(() => 0.1 * hiss());
    expect(detectSyllableOnsets(x, { sampleRate: SR })).toEqual([]);
  });
});
