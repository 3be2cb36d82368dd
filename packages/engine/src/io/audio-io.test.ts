import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAudio, sniffAudioFormat } from './audio-decoder.ts';
import { decodeWav, encodeWav } from './wav-codec.ts';
import { encodeMp3 } from './mp3-encoder.ts';
import { AudioInputError } from '../errors.ts';
import { rmsOf } from '../pcm-audio.ts';

const tone = (seconds: number, sampleRate = 44100, frequency = 440, amplitude = 0.5) => {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
};

/** Dominant frequency by zero crossings: robust to codec delay and gain. */
const zeroCrossingHz = (x: Float32Array, sampleRate: number) => {
  // Only the loud span counts: codecs pad with near-silence whose noise crosses zero at random.
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  const loud = (v: number) => Math.abs(v) > 0.5 * peak;
  const first = x.findIndex(loud);
  const last = x.findLastIndex(loud);
  let crossings = 0;
  let firstCrossing = -1;
  let lastCrossing = -1;
  for (let i = first + 1; i <= last; i++) {
    if (x[i - 1]! < 0 && x[i]! >= 0) {
      crossings++;
      if (firstCrossing < 0) firstCrossing = i;
      lastCrossing = i;
    }
  }
  return ((crossings - 1) * sampleRate) / (lastCrossing - firstCrossing);
};

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url)));

describe('WAV codec', () => {
  it('round-trips 16-bit and float PCM', () => {
    const left = tone(0.1);
    const right = tone(0.1, 44100, 880);
    const back16 = decodeWav(encodeWav({ sampleRate: 44100, channels: [left, right] }));
    expect(back16.channels).toHaveLength(2);
    expect(Math.max(...back16.channels[1]!.map((v, i) => Math.abs(v - right[i]!)))).toBeLessThan(1e-4);
    const back32 = decodeWav(encodeWav({ sampleRate: 22050, channels: [left] }, { bitDepth: 32 }));
    expect(back32.sampleRate).toBe(22050);
    expect(back32.channels[0]).toEqual(left);
  });
});

describe('MP3 encoder', () => {
  it.each(['wasm', 'js'] as const)('encodes with the %s backend to a decodable stream', async (backend) => {
    const mp3 = await encodeMp3(
      { sampleRate: 44100, channels: [tone(1), tone(1)] },
      { backend, bitrateKbps: 128 },
    );
    expect(sniffAudioFormat(mp3)).toBe('mp3');
    // 128 kbit/s for one second, give or take a frame.
    expect(mp3.length).toBeGreaterThan(14000);
    expect(mp3.length).toBeLessThan(19000);
    const decoded = await decodeAudio(mp3);
    expect(decoded.durationSeconds).toBeGreaterThan(0.95);
    expect(decoded.durationSeconds).toBeLessThan(1.15);
    expect(zeroCrossingHz(decoded.channels[0]!, decoded.sampleRate)).toBeCloseTo(440, -1);
    expect(rmsOf(decoded.channels[0]!)).toBeCloseTo(0.5 / Math.SQRT2, 1);
  });
});

describe('decodeAudio', () => {
  it.each(['tone.opus', 'tone.webm', 'tone-streamed.webm', 'tone.flac', 'tone.m4a', 'tone.ogg'])(
    'decodes %s',
    async (name) => {
      const decoded = await decodeAudio(fixture(name));
      expect(decoded.durationSeconds).toBeGreaterThan(0.9);
      expect(decoded.durationSeconds).toBeLessThan(1.2);
      expect(zeroCrossingHz(decoded.channels[0]!, decoded.sampleRate)).toBeGreaterThan(425);
      expect(zeroCrossingHz(decoded.channels[0]!, decoded.sampleRate)).toBeLessThan(455);
      expect(rmsOf(decoded.channels[0]!)).toBeCloseTo(0.0625 / Math.SQRT2, 2);
    },
  );
  it('decodes WAV and reports the format', async () => {
    const decoded = await decodeAudio(encodeWav({ sampleRate: 16000, channels: [tone(0.5, 16000)] }));
    expect(decoded.format).toBe('wav');
    expect(decoded.durationSeconds).toBeCloseTo(0.5, 3);
  });
  it('rejects oversized, overlong, empty and non-audio input with readable errors', async () => {
    const wav = encodeWav({ sampleRate: 8000, channels: [tone(3, 8000)] });
    await expect(decodeAudio(wav, { maxBytes: 1000 })).rejects.toThrow(/limit is/);
    await expect(decodeAudio(wav, { maxSeconds: 2 })).rejects.toMatchObject({ code: 'too-long' });
    await expect(decodeAudio(new Uint8Array(0))).rejects.toBeInstanceOf(AudioInputError);
    await expect(
      decodeAudio(new TextEncoder().encode('<html>definitely not audio</html>')),
    ).rejects.toMatchObject({ code: 'unsupported' });
    const mp3 = await encodeMp3({ sampleRate: 44100, channels: [tone(3)] });
    await expect(decodeAudio(mp3, { maxSeconds: 1 })).rejects.toMatchObject({ code: 'too-long' });
  });
  it('rejects a truncated file as damaged, not with a crash', async () => {
    const broken = fixture('tone.flac').slice(0, 60);
    await expect(decodeAudio(broken)).rejects.toBeInstanceOf(AudioInputError);
  });
});

/** A PCM16 WAV header written by hand, so absurd values (rates, channels, depths) can be declared. */
function wavWithHeader(fields: {
  rate: number;
  channels: number;
  bits: number;
  format?: number;
  frames: number;
}) {
  const blockAlign = Math.max(1, (fields.channels * fields.bits) / 8);
  const dataBytes = fields.frames * blockAlign;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, 36 + dataBytes, true);
  out.set(new TextEncoder().encode('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, fields.format ?? 1, true);
  view.setUint16(22, fields.channels, true);
  view.setUint32(24, fields.rate, true);
  view.setUint32(28, fields.rate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, fields.bits, true);
  out.set(new TextEncoder().encode('data'), 36);
  view.setUint32(40, dataBytes, true);
  for (let i = 44; i < out.length; i++) out[i] = (i * 37) & 0xff;
  return out;
}

describe('decodeAudio refuses streams no recording has', () => {
  it.each([
    ['an 8 Hz WAV', { rate: 8, channels: 1, bits: 16, frames: 480 }, /sample rate \(8 Hz\)/],
    ['a 1 Hz WAV', { rate: 1, channels: 1, bits: 16, frames: 480 }, /sample rate \(1 Hz\)/],
    ['a 0 Hz WAV', { rate: 0, channels: 1, bits: 16, frames: 480 }, /no audio data|sample rate/],
    ['a 7,999 Hz WAV', { rate: 7999, channels: 1, bits: 16, frames: 480 }, /between 8,000 and 192,000 Hz/],
    ['a 384 kHz WAV', { rate: 384_000, channels: 1, bits: 16, frames: 480 }, /between 8,000 and 192,000 Hz/],
    ['a 65,535-channel WAV', { rate: 16000, channels: 65535, bits: 16, frames: 1 }, /65535 channels/],
    ['a 0-bit WAV', { rate: 16000, channels: 1, bits: 0, frames: 16 }, /bit depth 0/],
    ['a 12-bit WAV', { rate: 16000, channels: 1, bits: 12, frames: 16 }, /bit depth 12/],
    ['an A-law WAV', { rate: 16000, channels: 1, bits: 8, format: 6, frames: 16 }, /plain PCM/],
  ])('%s, quickly and with a readable reason', async (_name, fields, message) => {
    const started = performance.now();
    const error = await decodeAudio(wavWithHeader(fields)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioInputError);
    expect((error as Error).message).toMatch(message);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('still decodes the rates at both ends of the range', async () => {
    for (const rate of [8000, 192_000]) {
      const decoded = await decodeAudio(wavWithHeader({ rate, channels: 2, bits: 16, frames: rate / 10 }));
      expect(decoded.sampleRate).toBe(rate);
      expect(decoded.channels).toHaveLength(2);
    }
  });

  it('refuses a format header cut short instead of reading past it', () => {
    const cut = wavWithHeader({ rate: 16000, channels: 1, bits: 16, frames: 0 }).slice(0, 30);
    expect(() => decodeWav(cut)).toThrow(AudioInputError);
  });
});
