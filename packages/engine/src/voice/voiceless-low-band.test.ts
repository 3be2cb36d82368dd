import { describe, expect, it } from 'vitest';
import { clearVoicelessLowBand, isClearedVoiceless } from './voiceless-low-band.ts';
import type { TimedWord } from './voice-backend.ts';
import { Biquad } from '../dsp/biquad-filter.ts';

const SR = 16000;

function bandDb(x: Float32Array, low: number, high: number, from: number, to: number): number {
  const band = x.slice();
  new Biquad({ type: 'highpass', frequency: low, sampleRate: SR }).process(band);
  new Biquad({ type: 'lowpass', frequency: high, sampleRate: SR }).process(band);
  let s = 0;
  for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) s += band[i]! ** 2;
  return 10 * Math.log10(s + 1e-20);
}

/** 300 Hz and 3 kHz tones throughout: "t" from 0.2 to 0.3 s, then the vowel "uw", then "p". */
function toop(): { samples: Float32Array; words: TimedWord[] } {
  const samples = Float32Array.from(
    { length: SR },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 300 * i) / SR) + 0.1 * Math.sin((2 * Math.PI * 3000 * i) / SR),
  );
  const phones = [
    { phone: 't', start: 0.2, end: 0.3, isVowel: false },
    { phone: 'uw', start: 0.3, end: 0.6, isVowel: true },
    { phone: 'p', start: 0.6, end: 0.7, isVowel: false },
  ];
  return { samples, words: [{ text: 'toop', start: 0.2, end: 0.7, phones }] };
}

describe('clearVoicelessLowBand', () => {
  it('clears the low band of voiceless consonants and leaves vowels and the high band alone', () => {
    const { samples, words } = toop();
    const out = clearVoicelessLowBand(samples, { sampleRate: SR, words });
    const change = (lo: number, hi: number, from: number, to: number) =>
      bandDb(out, lo, hi, from, to) - bandDb(samples, lo, hi, from, to);
    expect(change(200, 400, 0.215, 0.285)).toBeLessThan(-12); // the "t"'s thump
    expect(change(200, 400, 0.615, 0.685)).toBeLessThan(-6); // the "p" keeps more of its low burst
    expect(Math.abs(change(200, 400, 0.33, 0.57))).toBeLessThan(0.1); // the vowel
    expect(Math.abs(change(2500, 3500, 0.215, 0.285))).toBeLessThan(0.5); // the "t"'s burst
    expect(samples[Math.round(0.25 * SR)]).not.toBe(out[Math.round(0.25 * SR)]); // a copy, input kept
    expect(toop().samples).toEqual(samples);
  });

  it('knows voiceless sounds in both phone alphabets; voiced ones and "h" are not cleared', () => {
    for (const p of ['t', 'k', 's', 'sh', 'θ', 'ʃ']) expect(isClearedVoiceless(p)).toBe(true);
    for (const p of ['d', 'z', 'm', 'l', 'aa', 'ð', 'ʒ', 'hh', 'h'])
      expect(isClearedVoiceless(p)).toBe(false);
  });
});
