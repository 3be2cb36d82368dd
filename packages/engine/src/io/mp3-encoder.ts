import type { PcmAudio } from '../pcm-audio.ts';
import { throwIfAborted } from '../errors.ts';
import type { createMp3Encoder } from 'wasm-media-encoders';

export interface Mp3EncodeOptions {
  /** Constant bitrate in kbit/s; 192 for songs, lower for stems and previews. */
  bitrateKbps?: Mp3Bitrate;
  /** 'wasm' is LAME compiled to WebAssembly (about 3x faster); 'js' is the pure-JavaScript port. */
  backend?: 'wasm' | 'js';
  signal?: AbortSignal;
}

export type Mp3Bitrate = 64 | 96 | 112 | 128 | 160 | 192 | 224 | 256 | 320;

const CHUNK = 1152 * 32;

/** Encodes float PCM (mono or stereo, 32/44.1/48 kHz) to a CBR MP3 stream. */
export async function encodeMp3(audio: PcmAudio, options: Mp3EncodeOptions = {}): Promise<Uint8Array> {
  const { bitrateKbps = 192, backend = 'wasm', signal } = options;
  const channels = audio.channels.slice(0, 2);
  if (channels.length === 0) throw new Error('encodeMp3 needs at least one channel');
  return backend === 'wasm'
    ? encodeWithWasm(channels, audio.sampleRate, bitrateKbps, signal)
    : encodeWithJs(channels, audio.sampleRate, bitrateKbps, signal);
}

type WasmMp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;
let wasmEncoder: Promise<WasmMp3Encoder> | undefined;

async function encodeWithWasm(
  channels: Float32Array[],
  sampleRate: number,
  bitrate: number,
  signal?: AbortSignal,
) {
  const { createMp3Encoder: create } = await import('wasm-media-encoders');
  // One encoder instance per thread, re-configured per stream: instantiating the module costs ~20 ms.
  wasmEncoder ??= create();
  const encoder = await wasmEncoder;
  encoder.configure({
    sampleRate,
    channels: channels.length as 1 | 2,
    bitrate: bitrate as Mp3Bitrate,
  });
  const parts: Uint8Array[] = [];
  const frames = channels[0]!.length;
  for (let i = 0; i < frames; i += CHUNK) {
    throwIfAborted(signal);
    const chunk = encoder.encode(channels.map((c) => c.subarray(i, Math.min(frames, i + CHUNK))));
    if (chunk.length) parts.push(chunk.slice());
  }
  parts.push(encoder.finalize().slice());
  return joinBytes(parts);
}

async function encodeWithJs(
  channels: Float32Array[],
  sampleRate: number,
  bitrate: number,
  signal?: AbortSignal,
) {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(channels.length, sampleRate, bitrate);
  const ints = channels.map((c) => {
    const out = new Int16Array(c.length);
    for (let i = 0; i < c.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(c[i]! * 32767)));
    return out;
  });
  const parts: Uint8Array[] = [];
  const frames = ints[0]!.length;
  for (let i = 0; i < frames; i += 1152) {
    if (i % CHUNK === 0) throwIfAborted(signal);
    const left = ints[0]!.subarray(i, i + 1152);
    const right = ints[1]?.subarray(i, i + 1152);
    const chunk = right ? encoder.encodeBuffer(left, right) : encoder.encodeBuffer(left);
    if (chunk.length) parts.push(new Uint8Array(chunk));
  }
  parts.push(new Uint8Array(encoder.flush()));
  return joinBytes(parts);
}

function joinBytes(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
