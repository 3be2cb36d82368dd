import type { PcmAudio } from '../pcm-audio.ts';
import { AudioInputError } from '../errors.ts';
import { checkStreamShape } from './stream-shape.ts';

const SUPPORTED_BIT_DEPTHS = new Set([8, 16, 24, 32]);

/** 16-bit PCM or 32-bit float RIFF/WAVE, interleaved. */
export function encodeWav(audio: PcmAudio, { bitDepth = 16 }: { bitDepth?: 16 | 32 } = {}): Uint8Array {
  const channels = audio.channels.length;
  const frames = audio.channels[0]?.length ?? 0;
  const bytesPerSample = bitDepth / 8;
  const dataBytes = frames * channels * bytesPerSample;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const writeTag = (offset: number, tag: string) => {
    for (let i = 0; i < 4; i++) out[offset + i] = tag.charCodeAt(i);
  };
  writeTag(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeTag(8, 'WAVE');
  writeTag(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, bitDepth === 32 ? 3 : 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, audio.sampleRate, true);
  view.setUint32(28, audio.sampleRate * channels * bytesPerSample, true);
  view.setUint16(32, channels * bytesPerSample, true);
  view.setUint16(34, bitDepth, true);
  writeTag(36, 'data');
  view.setUint32(40, dataBytes, true);
  let offset = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const v = audio.channels[c]![i]!;
      if (bitDepth === 32) view.setFloat32(offset, v, true);
      else view.setInt16(offset, Math.max(-32768, Math.min(32767, Math.round(v * 32767))), true);
      offset += bytesPerSample;
    }
  }
  return out;
}

/** Fast path for WAV (the engine's own stems and test fixtures) without the general decoder. */
export function decodeWav(bytes: Uint8Array): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') {
    throw new AudioInputError('This is not a WAV file.', 'unsupported');
  }
  let offset = 12;
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bitDepth = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) {
        throw new AudioInputError('The WAV file is damaged (its format header is cut short).', 'invalid');
      }
      format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bitDepth = view.getUint16(body + 14, true);
      if (format === 0xfffe && size >= 26 && body + 26 <= bytes.length)
        format = view.getUint16(body + 24, true);
      if (format !== 1 && format !== 3) {
        throw new AudioInputError(
          'This WAV file is compressed in a way we cannot read; use plain PCM.',
          'unsupported',
        );
      }
      if (!SUPPORTED_BIT_DEPTHS.has(bitDepth) || (format === 3 && bitDepth !== 32)) {
        throw new AudioInputError(`Unsupported WAV bit depth ${bitDepth}.`, 'unsupported');
      }
      checkStreamShape(sampleRate, channels);
    } else if (id === 'data') {
      // A data chunk before any format header cannot be read.
      if (!channels || !sampleRate || !bitDepth) break;
      const bytesPerSample = bitDepth / 8;
      const usable = Math.min(size, bytes.length - body);
      const frames = Math.floor(usable / (bytesPerSample * channels));
      const out = Array.from({ length: channels }, () => new Float32Array(frames));
      let p = body;
      for (let i = 0; i < frames; i++) {
        for (let c = 0; c < channels; c++) {
          let v: number;
          if (format === 3 && bitDepth === 32) v = view.getFloat32(p, true);
          else if (bitDepth === 16) v = view.getInt16(p, true) / 32768;
          else if (bitDepth === 24)
            v =
              ((view.getUint8(p + 2) << 24) | (view.getUint8(p + 1) << 16) | (view.getUint8(p) << 8)) /
              2147483648;
          else if (bitDepth === 32) v = view.getInt32(p, true) / 2147483648;
          else if (bitDepth === 8) v = (view.getUint8(p) - 128) / 128;
          else throw new AudioInputError(`Unsupported WAV bit depth ${bitDepth}.`, 'unsupported');
          out[c]![i] = v;
          p += bytesPerSample;
        }
      }
      return { sampleRate, channels: out };
    }
    offset = body + size + (size & 1);
  }
  throw new AudioInputError('The WAV file has no audio data.', 'invalid');
}
