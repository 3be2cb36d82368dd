import type { Hz, Seconds } from '../units.ts';
import { AudioInputError } from '../errors.ts';
import { decodeWav } from './wav-codec.ts';
import { checkStreamShape } from './stream-shape.ts';

export interface DecodeLimits {
  /** Reject files larger than this before decoding anything. */
  maxBytes?: number;
  /** Stop decoding and reject once this much audio has come out: memory stays bounded. */
  maxSeconds?: Seconds;
}

export interface DecodedAudio {
  sampleRate: Hz;
  channels: Float32Array[];
  durationSeconds: Seconds;
  format: AudioFormat;
}

export type AudioFormat = 'wav' | 'mp3' | 'oga' | 'opus' | 'webm' | 'flac' | 'm4a' | 'aac' | 'aiff';

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_SECONDS: Seconds = 15 * 60;

/** Identifies a container or codec from its first bytes; file names and MIME types from uploads lie. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  const ascii = (offset: number, length: number) =>
    String.fromCharCode(...bytes.subarray(offset, Math.min(bytes.length, offset + length)));
  if (bytes.length < 12) return null;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'OggS') {
    const head = ascii(0, Math.min(bytes.length, 256));
    return head.includes('OpusHead') ? 'opus' : 'oga';
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(4, 4) === 'ftyp') return 'm4a';
  if (ascii(0, 4) === 'FORM' && (ascii(8, 4) === 'AIFF' || ascii(8, 4) === 'AIFC')) return 'aiff';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  if (bytes[0] === 0xff && (bytes[1]! & 0xf6) === 0xf0) return 'aac';
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'mp3';
  return null;
}

const FEED_BYTES = 256 * 1024;

/**
 * Decodes an uploaded or stored file (wav, mp3, ogg/vorbis, opus, webm incl. MediaRecorder's
 * streamed webm, flac, m4a/aac, aiff) to planar float PCM, enforcing size and duration caps.
 */
export async function decodeAudio(bytes: Uint8Array, limits: DecodeLimits = {}): Promise<DecodedAudio> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxSeconds = limits.maxSeconds ?? DEFAULT_MAX_SECONDS;
  if (bytes.length === 0) throw new AudioInputError('The audio file is empty.', 'empty');
  if (bytes.length > maxBytes) {
    throw new AudioInputError(
      `The audio file is ${formatMegabytes(bytes.length)}; the limit is ${formatMegabytes(maxBytes)}.`,
      'too-large',
    );
  }
  const format = sniffAudioFormat(bytes);
  if (!format) {
    throw new AudioInputError(
      'This file is not audio the engine can read (use WAV, MP3, OGG, Opus, WebM, FLAC or M4A).',
      'unsupported',
    );
  }
  const decoded = format === 'wav' ? decodeWavChecked(bytes) : await decodeChunked(bytes, format, maxSeconds);
  const frames = decoded.channels[0]?.length ?? 0;
  if (!decoded.sampleRate || frames === 0) {
    throw new AudioInputError('The audio file contains no sound we could decode.', 'invalid');
  }
  checkStreamShape(decoded.sampleRate, decoded.channels.length);
  const durationSeconds = frames / decoded.sampleRate;
  if (durationSeconds > maxSeconds) throw tooLong(maxSeconds);
  return { ...decoded, durationSeconds, format };
}

function decodeWavChecked(bytes: Uint8Array) {
  try {
    return decodeWav(bytes);
  } catch (error) {
    if (error instanceof AudioInputError) throw error;
    throw new AudioInputError('The WAV file is damaged.', 'invalid');
  }
}

async function decodeChunked(bytes: Uint8Array, format: Exclude<AudioFormat, 'wav'>, maxSeconds: Seconds) {
  const { default: decode } = await import('audio-decode');
  const factory = decode[format];
  const parts: Float32Array[][] = [];
  let sampleRate = 0;
  let frames = 0;
  const take = (data: { channelData: Float32Array[]; sampleRate: number }) => {
    if (!data.channelData.length || !data.channelData[0]?.length) return;
    sampleRate = data.sampleRate || sampleRate;
    // Decoders reuse their output buffers between calls.
    parts.push(data.channelData.map((c) => c.slice()));
    frames += data.channelData[0].length;
    if (sampleRate && frames / sampleRate > maxSeconds) throw tooLong(maxSeconds);
  };
  let decoder: Awaited<ReturnType<typeof factory>> | undefined;
  try {
    decoder = await factory();
    for (let offset = 0; offset < bytes.length; offset += FEED_BYTES) {
      take(await decoder(bytes.subarray(offset, Math.min(bytes.length, offset + FEED_BYTES))));
    }
    take(await decoder.flush());
  } catch (error) {
    if (error instanceof AudioInputError) throw error;
    throw new AudioInputError(`The ${format} file is damaged or uses an unsupported codec.`, 'invalid');
  } finally {
    decoder?.free();
  }
  const channelCount = Math.max(0, ...parts.map((p) => p.length));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  let offset = 0;
  for (const part of parts) {
    const length = part[0]!.length;
    // A mono packet inside a stereo stream is copied to every channel.
    for (let c = 0; c < channelCount; c++) channels[c]!.set(part[c] ?? part[0]!, offset);
    offset += length;
  }
  return { sampleRate, channels };
}

const tooLong = (maxSeconds: Seconds) =>
  new AudioInputError(`The recording is longer than the ${formatDuration(maxSeconds)} limit.`, 'too-long');

const formatMegabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function formatDuration(seconds: Seconds): string {
  if (seconds < 120) return `${Math.round(seconds)} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
}
