import { describe, expect, it } from 'vitest';
import { encodeStem } from './stem-encoder.ts';
import { decodeAudio } from './audio-decoder.ts';
import { truePeak } from '../analysis/loudness-meter.ts';

const SR = 44100;
const db = (x: number) => 20 * Math.log10(x);
const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);

/** A bright, dense test sound: a 110 Hz sawtooth with noise bursts, peaking at `peak`. */
function brightStem(peak: number, seconds = 2): Float32Array {
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const x = Float32Array.from({ length: seconds * SR }, (_, i) => {
    const saw = 2 * ((i * 110) / SR - Math.floor((i * 110) / SR + 0.5));
    return saw + (i % 4410 < 400 ? 0.8 * noise() : 0);
  });
  const top = x.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
  return x.map((v) => (v / top) * peak);
}

describe('encodeStem', () => {
  it('brings a stem that peaks at full scale under −1 dBTP once decoded', async () => {
    const mp3 = await encodeStem([brightStem(1)], { sampleRate: SR, bitrateKbps: 96 });
    const decoded = await decodeAudio(mp3);
    expect(db(truePeak(decoded.channels).truePeak)).toBeLessThanOrEqual(-1);
    expect(db(truePeak(decoded.channels).truePeak)).toBeGreaterThan(-4);
  });

  it('leaves a quiet stem at its level', async () => {
    const quiet = brightStem(0.2);
    const mp3 = await encodeStem([quiet.slice()], { sampleRate: SR, bitrateKbps: 128 });
    const decoded = await decodeAudio(mp3);
    // The middle second of each (the sound repeats every 0.1 s; the encoder pads its ends).
    const middle = (x: Float32Array) => x.subarray(SR / 2, (3 * SR) / 2);
    expect(Math.abs(db(rms(middle(decoded.channels[0]!))) - db(rms(middle(quiet))))).toBeLessThan(1);
  });
});
