import type { Hz, Seconds } from './units.ts';

/** Planar float audio: the one in-memory format every stage passes around (structured-cloneable). */
export interface PcmAudio {
  sampleRate: Hz;
  channels: Float32Array[];
}

export const durationOf = (audio: PcmAudio): Seconds => (audio.channels[0]?.length ?? 0) / audio.sampleRate;

export function toMono(audio: PcmAudio): Float32Array {
  const [first, ...rest] = audio.channels;
  if (!first) return new Float32Array(0);
  if (rest.length === 0) return first;
  const out = Float32Array.from(first);
  for (const ch of rest) for (let i = 0; i < out.length; i++) out[i]! += ch[i] ?? 0;
  const k = 1 / audio.channels.length;
  for (let i = 0; i < out.length; i++) out[i]! *= k;
  return out;
}

export function concatFloat32(chunks: readonly Float32Array[]): Float32Array {
  let length = 0;
  for (const c of chunks) length += c.length;
  const out = new Float32Array(length);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.abs(samples[i]!);
    if (v > peak) peak = v;
  }
  return peak;
}

export function rmsOf(samples: Float32Array, start = 0, end = samples.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, end - start));
}

/** Adds `source` into `target` at `offset` (clipped to target), scaled by gain. */
export function mixInto(target: Float32Array, source: Float32Array, offset: number, gain = 1): void {
  const start = Math.max(0, offset);
  const end = Math.min(target.length, offset + source.length);
  for (let i = start; i < end; i++) target[i]! += source[i - offset]! * gain;
}

/** Equal-power fades at both ends: cut points never click. */
export function applyFades(samples: Float32Array, fadeInSamples: number, fadeOutSamples: number): void {
  const n = samples.length;
  const fi = Math.min(fadeInSamples, n >> 1);
  const fo = Math.min(fadeOutSamples, n >> 1);
  for (let i = 0; i < fi; i++) samples[i]! *= Math.sin((0.5 * Math.PI * i) / fi);
  for (let i = 0; i < fo; i++) samples[n - 1 - i]! *= Math.sin((0.5 * Math.PI * i) / fo);
}
