import { describe, expect, it } from 'vitest';
import { mixSong } from './song-mixer.ts';
import { findArtist } from '../artists/artist-catalog.ts';
import type { BeatRender } from '../beats/beat-engine.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { seededRandom } from '../beats/seeded-random.ts';

const SR = 44100;

function noise(n: number, seed: number, gain: number): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from({ length: n }, () => (random() * 2 - 1) * gain);
}

function bandRms(x: Float32Array, low: number, high: number, from: number, to: number): number {
  const band = x.slice(Math.round(from * SR), Math.round(to * SR));
  new Biquad({ type: 'highpass', frequency: low, sampleRate: SR }).process(band);
  new Biquad({ type: 'lowpass', frequency: high, sampleRate: SR }).process(band);
  let s = 0;
  for (const v of band) s += v * v;
  return Math.sqrt(s / band.length);
}

/** A beat of `seconds` (2 s bars at 120 BPM) whose chords are the same noise on both sides. */
function buildBeat(
  seconds: number,
  parts: { harmony: Float32Array; drums?: [Float32Array, Float32Array]; bass?: Float32Array },
): BeatRender {
  const n = Math.round(seconds * SR);
  return {
    sampleRate: SR,
    drums: parts.drums ?? [new Float32Array(n), new Float32Array(n)],
    bass: parts.bass ?? new Float32Array(n),
    harmony: [parts.harmony, parts.harmony.slice()],
    barDuration: 2,
    grooveBpm: 120,
    bars: seconds / 2,
    duration: seconds,
  };
}

describe('mixSong', () => {
  it('makes spectral room for the voice: the chords lose more of their 1-4 kHz band than of their lows while it speaks', () => {
    const n = SR * 4;
    const beat = buildBeat(4, { harmony: noise(n, 3, 0.2) });
    // The voice speaks from 1.5 s to 3 s.
    const lead = new Float32Array(n);
    lead.set(noise(Math.round(1.5 * SR), 5, 0.3), Math.round(1.5 * SR));
    const recipe = { ...findArtist('mc-volt')!.recipe, reverb: 0, delay: 0 };
    const mixed = mixSong(
      {
        lead,
        doubles: [new Float32Array(0), new Float32Array(0)],
        adlibs: [new Float32Array(0), new Float32Array(0)],
        throwMask: new Float32Array(n),
      },
      beat,
      { sampleRate: SR, recipe, secondsPerBeat: 0.5 },
    );
    // The beat as heard in the mix: the mix minus the vocal bus.
    const heard = mixed.mix[0].map((v: number, i: number) => v - mixed.vocalStem[0][i]!);
    const dip = (low: number, high: number) =>
      20 * Math.log10(bandRms(heard, low, high, 2, 2.9) / bandRms(heard, low, high, 0.3, 1.2));
    const presence = dip(1500, 3000);
    const lows = dip(150, 400);
    expect(lows).toBeLessThan(-3);
    expect(presence).toBeLessThan(lows - 5);
    // And the chords come back once the voice stops.
    expect(
      Math.abs(20 * Math.log10(bandRms(heard, 1500, 3000, 3.6, 3.95) / bandRms(heard, 1500, 3000, 0.3, 1.2))),
    ).toBeLessThan(1);
  });

  it('mixes the same song without stems, and keeps none', () => {
    const n = SR * 2;
    const beat = buildBeat(2, {
      harmony: noise(n, 7, 0.2),
      drums: [noise(n, 8, 0.1), noise(n, 9, 0.1)],
      bass: noise(n, 10, 0.1),
    });
    const lead = new Float32Array(n);
    lead.set(noise(SR / 2, 11, 0.3), SR / 2);
    const vocal = {
      lead,
      doubles: [new Float32Array(0), new Float32Array(0)] as [Float32Array, Float32Array],
      adlibs: [new Float32Array(0), new Float32Array(0)] as [Float32Array, Float32Array],
      throwMask: new Float32Array(n),
    };
    const options = { sampleRate: SR, recipe: findArtist('saint-echo')!.recipe, secondsPerBeat: 0.5 };
    const withStems = mixSong(vocal, beat, options);
    const without = mixSong(vocal, beat, { ...options, stems: false });
    expect(without.mix).toEqual(withStems.mix);
    expect(withStems.vocalStem[0]).toHaveLength(n);
    expect(without.vocalStem[0]).toHaveLength(0);
    expect(without.beatStem[0]).toHaveLength(0);
  });

  /** A word of noise at 0.5-0.8 s caught by the delay; its echoes' level against it, band by band. */
  function echoLevels(artistId: string) {
    const n = SR * 3;
    const lead = new Float32Array(n);
    lead.set(noise(Math.round(0.3 * SR), 12, 0.3), SR / 2);
    const throwMask = new Float32Array(n);
    throwMask.fill(1, SR / 2, Math.round(0.8 * SR));
    const recipe = { ...findArtist(artistId)!.recipe, reverb: 0, delay: 0.5 };
    const { mix } = mixSong(
      {
        lead,
        doubles: [new Float32Array(0), new Float32Array(0)],
        adlibs: [new Float32Array(0), new Float32Array(0)],
        throwMask,
      },
      null,
      { sampleRate: SR, recipe, secondsPerBeat: 0.5 },
    );
    // The echoes fall in the silence after the word.
    const echoes = mix[0].map((v, i) => v + mix[1][i]!);
    const relative = (low: number, high: number) =>
      20 * Math.log10(bandRms(echoes, low, high, 1.05, 2.5) / bandRms(lead, low, high, 0.5, 0.8));
    return { lows: relative(150, 300), middle: relative(1200, 1800), highs: relative(6000, 12000) };
  }

  it("throws a rapper's line end in the telephone band: its echoes keep 1-2 kHz and lose the highs and lows", () => {
    expect(findArtist('kid-kilo')!.recipe.throws).toBe('telephone');
    const { lows, middle, highs } = echoLevels('kid-kilo');
    expect(highs).toBeLessThan(middle - 12);
    expect(lows).toBeLessThan(middle - 7);
    expect(middle).toBeGreaterThan(-40);
  });

  it("keeps a singer's throws full-band", () => {
    const { lows, middle, highs } = echoLevels('aria-bloom');
    expect(Math.abs(highs - middle)).toBeLessThan(6);
    expect(Math.abs(lows - middle)).toBeLessThan(6);
  });
});
