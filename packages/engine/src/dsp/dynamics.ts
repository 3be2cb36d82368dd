import type { Decibels, Hz, Seconds } from '../units.ts';
import { dbToGain, gainToDb } from '../units.ts';

export interface CompressorOptions {
  threshold: Decibels;
  ratio: number;
  attack: Seconds;
  release: Seconds;
  /** Soft-knee width; a wide knee keeps a rap vocal's consonants from pumping. */
  knee?: Decibels;
  makeup?: Decibels;
  sampleRate: Hz;
  /** Detect on this signal instead of the input (side-chain / de-esser band). */
  sidechain?: Float32Array;
}

/** Feed-forward compressor with a log-domain gain computer; processes in place. */
export function compress(buffer: Float32Array, options: CompressorOptions): Float32Array {
  const { threshold, ratio, attack, release, knee = 6, makeup = 0, sampleRate, sidechain } = options;
  const detector = sidechain ?? buffer;
  const at = Math.exp(-1 / (attack * sampleRate));
  const rt = Math.exp(-1 / (release * sampleRate));
  const slope = 1 - 1 / ratio;
  const makeupGain = dbToGain(makeup);
  let env = 0;
  // The gain computer (log, pow) runs once per 16 samples and is interpolated in between:
  // a 0.36 ms step is far below any attack time, and it was this function's whole cost.
  const BLOCK = 16;
  let gainStart = 1;
  for (let start = 0; start < buffer.length; start += BLOCK) {
    const end = Math.min(buffer.length, start + BLOCK);
    for (let i = start; i < end; i++) {
      const level = Math.abs(detector[i]!);
      env = level > env ? at * env + (1 - at) * level : rt * env + (1 - rt) * level;
    }
    const db = env > 1e-6 ? gainToDb(env) : -120;
    const over = db - threshold;
    let reduction = 0;
    if (over >= knee / 2) reduction = slope * over;
    else if (over > -knee / 2) reduction = (slope * (over + knee / 2) ** 2) / (2 * knee);
    const gainEnd = makeupGain * (reduction > 0 ? dbToGain(-reduction) : 1);
    const step = (gainEnd - gainStart) / (end - start);
    for (let i = start; i < end; i++) buffer[i]! *= gainStart + step * (i - start + 1);
    gainStart = gainEnd;
  }
  return buffer;
}

export interface LimiterOptions {
  /** Sample-peak ceiling as gain (not dB) so callers can iterate precisely. */
  ceiling: number;
  lookahead: Seconds;
  release: Seconds;
  sampleRate: Hz;
}

/**
 * Offline look-ahead brick-wall limiter on linked channels. The gain curve is the forward
 * window minimum of the needed gain, box-smoothed over the same window: every sample's
 * gain is provably at or below what it needs, so no sample exceeds the ceiling.
 */
export function limit(channels: Float32Array[], options: LimiterOptions): { gainReductionDb: Decibels } {
  const { ceiling, lookahead, release, sampleRate } = options;
  const n = channels[0]?.length ?? 0;
  const w = Math.max(1, Math.round(lookahead * sampleRate));
  const need = new Float32Array(n);
  const [a, b] = channels;
  for (let i = 0; i < n; i++) {
    const pa = Math.abs(a![i]!);
    const pb = b ? Math.abs(b[i]!) : 0;
    const peak = pa > pb ? pa : pb;
    need[i] = peak > ceiling ? ceiling / peak : 1;
  }
  for (const ch of channels.slice(2))
    for (let i = 0; i < n; i++) need[i] = Math.min(need[i]!, ceiling / Math.max(ceiling, Math.abs(ch[i]!)));
  // Forward sliding minimum over [i, i + w) with a monotonic deque.
  const fwdMin = new Float32Array(n);
  const deque = new Int32Array(n + 1);
  let head = 0;
  let tail = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    const reach = i + w < n ? i + w : n;
    while (next < reach) {
      while (tail > head && need[deque[tail - 1]!]! >= need[next]!) tail--;
      deque[tail++] = next++;
    }
    while (deque[head]! < i) head++;
    fwdMin[i] = need[deque[head]!]!;
  }
  // Box average of the previous w forward minima, then a release that only rises slowly.
  const rel = Math.exp(-1 / (release * sampleRate));
  let sum = 0;
  let gain = 1;
  let minGain = 1;
  for (let i = 0; i < n; i++) {
    sum += fwdMin[i]!;
    if (i >= w) sum -= fwdMin[i - w]!;
    const smooth = i >= w ? sum / w : Math.min(sum / (i + 1), fwdMin[i]!);
    const target = Math.min(smooth, need[i]!);
    gain = target < gain ? target : rel * gain + (1 - rel) * target;
    if (gain > target) gain = target;
    if (gain < minGain) minGain = gain;
    if (gain < 1) {
      a![i]! *= gain;
      if (b) b[i]! *= gain;
      for (let c = 2; c < channels.length; c++) channels[c]![i]! *= gain;
    }
  }
  return { gainReductionDb: -gainToDb(minGain) };
}

/** Smooth absolute-value envelope follower (attack/release), used for ducking. */
export function envelope(
  input: Float32Array,
  attack: Seconds,
  release: Seconds,
  sampleRate: Hz,
): Float32Array {
  const at = Math.exp(-1 / (attack * sampleRate));
  const rt = Math.exp(-1 / (release * sampleRate));
  const out = new Float32Array(input.length);
  let env = 0;
  for (let i = 0; i < input.length; i++) {
    const v = Math.abs(input[i]!);
    env = v > env ? at * env + (1 - at) * v : rt * env + (1 - rt) * v;
    out[i] = env;
  }
  return out;
}
