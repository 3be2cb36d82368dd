import { describe, expect, it } from 'vitest';
import { synthVoice } from '../voice-clone/voice-test-signals.ts';
import { seededRandom } from '../beats/seeded-random.ts';
import { separateSong } from './song-separator.ts';
import { siSdr } from './si-sdr.ts';
import { StereoStft, createStereoSpectrum } from './stereo-stft.ts';

const SR = 44100;
const SECONDS = 6;

/** Kick and snare on every beat at 120 BPM, in the centre, as a mix would place them. */
function centredDrums(n: number): Float32Array {
  const out = new Float32Array(n);
  const random = seededRandom(7);
  for (let beat = 0; beat * 0.5 * SR < n; beat++) {
    const start = Math.round(beat * 0.5 * SR);
    const snare = beat % 2 === 1;
    for (let i = 0; i < 0.25 * SR && start + i < n; i++) {
      const t = i / SR;
      out[start + i] = snare
        ? 0.5 * (random() * 2 - 1) * Math.exp(-t * 25)
        : 0.8 * Math.sin(2 * Math.PI * (50 + 100 * Math.exp(-t * 30)) * t) * Math.exp(-t * 12);
    }
  }
  return out;
}

describe('separateSong', () => {
  it('pulls a panned harmonic voice out of centred drums by a real margin', async () => {
    const voice = synthVoice({ seconds: SECONDS, sampleRate: SR, lowHz: 150, highHz: 260 });
    const n = voice.length;
    const drums = centredDrums(n);
    const [gl, gr] = [0.8, 0.6];
    const vocalL = voice.map((v) => v * gl);
    const vocalR = voice.map((v) => v * gr);
    const accL = drums.map((d) => d * Math.SQRT1_2);
    const accR = drums.map((d) => d * Math.SQRT1_2);
    const mixL = vocalL.map((v, i) => v + accL[i]!);
    const mixR = vocalR.map((v, i) => v + accR[i]!);
    const result = await separateSong({ sampleRate: SR, channels: [mixL, mixR] });

    const mixScore = siSdr([vocalL, vocalR], [mixL, mixR]);
    const vocalScore = siSdr([vocalL, vocalR], result.vocals.channels);
    const accompanimentScore = siSdr([accL, accR], result.accompaniment.channels);
    expect(vocalScore).toBeGreaterThan(mixScore + 6);
    expect(accompanimentScore).toBeGreaterThan(siSdr([accL, accR], [mixL, mixR]) + 6);
    expect(result.vocals.channels[0]).toHaveLength(n);

    // The melody follows the voice's glide (synthVoice's own formula) where the voice sounds.
    const { f0, hop } = result.leadPitch;
    const errors: number[] = [];
    for (let t = 0; t < f0.length; t++) {
      const time = t * hop;
      const centre = Math.round(time * SR);
      if (!(f0[t]! > 0) || centre >= n || Math.abs(voice[centre]!) < 1e-3) continue;
      const truth =
        150 + 110 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 0.23 * time) * Math.cos(2 * Math.PI * 0.07 * time));
      errors.push(Math.abs(1200 * Math.log2(f0[t]! / truth)));
    }
    errors.sort((a, b) => a - b);
    expect(errors.length).toBeGreaterThan(f0.length * 0.4);
    expect(errors[errors.length >> 1]).toBeLessThan(50);
  });

  it('gives back a mono song as mono, and silence as silence', async () => {
    const silent = await separateSong({ sampleRate: 22050, channels: [new Float32Array(22050)] });
    expect(silent.vocals.channels).toHaveLength(1);
    expect(silent.accompaniment.channels[0]!.every((v) => v === 0)).toBe(true);
    expect(silent.leadPitch.f0.every((v) => v === 0)).toBe(true);
  });
});

describe('StereoStft', () => {
  it('resynthesises both channels of an unmasked signal exactly', async () => {
    const n = 20000;
    const left = Float32Array.from({ length: n }, (_, i) => Math.sin(i * 0.01) + 0.3 * Math.sin(i * 0.37));
    const right = Float32Array.from({ length: n }, (_, i) => 0.5 * Math.cos(i * 0.02));
    const stft = await StereoStft.create(1024);
    const spectrum = createStereoSpectrum(stft.bins);
    const outLeft = new Float32Array(n);
    const outRight = new Float32Array(n);
    for (let t = 0; t < stft.frameCount(n); t++) {
      stft.analyze(left, right, t, spectrum);
      stft.synthesizeAdd(spectrum, t, outLeft, outRight);
    }
    stft.dispose();
    let error = 0;
    for (let i = 0; i < n; i++)
      error = Math.max(error, Math.abs(outLeft[i]! - left[i]!), Math.abs(outRight[i]! - right[i]!));
    expect(error).toBeLessThan(1e-5);
  });
});
