import type { PcmAudio } from '../pcm-audio.ts';
import type { Hz } from '../units.ts';
import { throwIfAborted } from '../errors.ts';
import { createStereoSpectrum, frameSizeFor, StereoStft, type StereoSpectrum } from './stereo-stft.ts';
import { MELODY_STATES, SalienceFunction, trackMelody, type LeadPitch } from './melody-tracker.ts';
import { runningMedian } from './median-filter.ts';

export interface SeparationOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as the work proceeds. */
  onProgress?: (fraction: number) => void;
}

export interface SongSeparation {
  /** Lead vocal estimate: same rate, channels and length as the input. */
  vocals: PcmAudio;
  /** Everything else (the input minus the vocal estimate). */
  accompaniment: PcmAudio;
  leadPitch: LeadPitch;
}

/** Frames per processing block: bounds memory to a few tens of MB whatever the song's length. */
const BLOCK_FRAMES = 256;
/** Context frames on each side of a block, so time medians see the same neighbours as in one pass. */
const CONTEXT_FRAMES = 16;
const TIME_MEDIAN_HALF = 8;
const FREQUENCY_MEDIAN_HALF = 8;
const COMB_MAX_HZ: Hz = 8000;

/**
 * Lead-vocal separation without learned weights. Two passes over the STFT: the first tracks the
 * predominant melody from harmonic salience; the second, block by block, builds a soft vocal mask
 * per time-frequency bin from three cues (the lead's stereo position, harmonicity against median-
 * filtered percussion, and a harmonic comb on the melody) and resynthesises the masked vocal.
 * The accompaniment is the input minus the vocal, so the two always sum back to the song.
 */
export async function separateSong(
  audio: PcmAudio,
  options: SeparationOptions = {},
): Promise<SongSeparation> {
  const { signal, onProgress } = options;
  const { sampleRate } = audio;
  const left = audio.channels[0] ?? new Float32Array(0);
  const right = audio.channels[1] ?? left;
  const stereo = audio.channels.length >= 2;
  const stft = new StereoStft(frameSizeFor(sampleRate));
  const bins = stft.bins;
  const frames = stft.frameCount(left.length);
  const binHz = sampleRate / stft.size;

  // Pass 1: melody.
  const salience = new Float32Array(frames * MELODY_STATES);
  const salienceFunction = new SalienceFunction(sampleRate, stft.size);
  const spectrum = createStereoSpectrum(bins);
  const magnitude = new Float32Array(bins);
  const row = new Float32Array(MELODY_STATES);
  for (let t = 0; t < frames; t++) {
    if ((t & 255) === 0) {
      throwIfAborted(signal);
      onProgress?.((0.3 * t) / frames);
      await yieldToEventLoop();
    }
    stft.analyze(left, right, t, spectrum);
    monoMagnitude(spectrum, magnitude);
    salienceFunction.compute(magnitude, row);
    salience.set(row, t * MELODY_STATES);
  }
  const leadPitch = trackMelody(salience, frames, { hop: stft.hop / sampleRate });

  // Pass 2: masks and resynthesis, block by block.
  const vocalLeft = new Float32Array(left.length);
  // A mono input is analysed as an identical pair; its right output is discarded.
  const vocalRight = new Float32Array(left.length);
  const span = BLOCK_FRAMES + 2 * CONTEXT_FRAMES;
  const block: StereoSpectrum[] = Array.from({ length: span }, () => createStereoSpectrum(bins));
  const mag = new Float32Array(span * bins);
  const harmonic = new Float32Array(span * bins);
  const percussive = new Float32Array(span * bins);
  const mask = new Float32Array(bins);
  let direction: [number, number] = [Math.SQRT1_2, Math.SQRT1_2];
  const scratch = new Float64Array(2 * Math.max(TIME_MEDIAN_HALF, FREQUENCY_MEDIAN_HALF) + 1);
  for (let start = 0; start < frames; start += BLOCK_FRAMES) {
    throwIfAborted(signal);
    onProgress?.(0.3 + (0.7 * start) / frames);
    await yieldToEventLoop();
    const first = Math.max(0, start - CONTEXT_FRAMES);
    const last = Math.min(frames, start + BLOCK_FRAMES + CONTEXT_FRAMES);
    const count = last - first;
    for (let i = 0; i < count; i++) {
      stft.analyze(left, right, first + i, block[i]!);
      monoMagnitude(block[i]!, mag.subarray(i * bins, (i + 1) * bins));
    }
    for (let k = 0; k < bins; k++) runningMedian(mag, harmonic, k, bins, count, TIME_MEDIAN_HALF, scratch);
    for (let i = 0; i < count; i++)
      runningMedian(mag, percussive, i * bins, 1, bins, FREQUENCY_MEDIAN_HALF, scratch);
    const end = Math.min(frames, start + BLOCK_FRAMES);
    if (stereo) direction = leadDirection(block, count, first, leadPitch, binHz, direction);
    const [gainLeft, gainRight] = direction;
    for (let t = start; t < end; t++) {
      const i = t - first;
      const s = block[i]!;
      const f0 = leadPitch.f0[t]!;
      const voiced = f0 > 0 ? leadPitch.voicing[t]! : 0;
      for (let k = 0; k < bins; k++) {
        const h = harmonic[i * bins + k]!;
        const p = percussive[i * bins + k]!;
        const harmonicShare = (h * h) / (h * h + p * p + 1e-20);
        const position = stereo ? positionMatch(s, k, gainLeft, gainRight) : 1;
        let comb = 0.3;
        const f = k * binHz;
        if (voiced > 0 && f < COMB_MAX_HZ && f > 0.75 * f0) {
          const harmonicNumber = Math.max(1, Math.round(f / f0));
          const distanceBins = (f - harmonicNumber * f0) / binHz;
          const width = 0.9 + 0.004 * harmonicNumber * (f0 / binHz);
          const peak = Math.exp(-0.5 * (distanceBins / width) ** 2);
          comb = voiced * peak + (1 - voiced) * 0.3;
        } else if (voiced > 0 && f <= 0.75 * f0) comb = 0;
        mask[k] = position * harmonicShare * comb;
      }
      applyMask(s, mask);
      stft.synthesizeAdd(s, t, vocalLeft, vocalRight);
    }
  }
  onProgress?.(1);
  const vocals: PcmAudio = { sampleRate, channels: stereo ? [vocalLeft, vocalRight] : [vocalLeft] };
  const accompaniment: PcmAudio = {
    sampleRate,
    channels: audio.channels.map((channel, c) => {
      const out = new Float32Array(channel.length);
      const vocal = vocals.channels[Math.min(c, vocals.channels.length - 1)]!;
      for (let i = 0; i < out.length; i++) out[i] = channel[i]! - vocal[i]!;
      return out;
    }),
  };
  // Channels beyond the second follow the first pair's estimate of the same index when present.
  if (audio.channels.length > 2)
    vocals.channels = audio.channels.map((_, c) => vocals.channels[Math.min(c, 1)]!);
  return { vocals, accompaniment, leadPitch };
}

function monoMagnitude(s: StereoSpectrum, out: Float32Array): void {
  for (let k = 0; k < out.length; k++) {
    const power = s.leftRe[k]! ** 2 + s.leftIm[k]! ** 2 + s.rightRe[k]! ** 2 + s.rightIm[k]! ** 2;
    out[k] = Math.sqrt(0.5 * power);
  }
}

/**
 * How much of the bin lies along the lead's stereo direction (gains gl, gr with gl² + gr² = 1):
 * |gl·L + gr·R|² / (|L|² + |R|²), 1 for a source panned exactly there, sharpened so that sources
 * elsewhere in the field fall away (ADRess-like, but soft).
 */
function positionMatch(s: StereoSpectrum, k: number, gl: number, gr: number): number {
  const re = gl * s.leftRe[k]! + gr * s.rightRe[k]!;
  const im = gl * s.leftIm[k]! + gr * s.rightIm[k]!;
  const power = s.leftRe[k]! ** 2 + s.leftIm[k]! ** 2 + s.rightRe[k]! ** 2 + s.rightIm[k]! ** 2;
  const match = (re * re + im * im) / (power + 1e-20);
  return match ** 8;
}

/**
 * The lead's stereo direction in this block: the principal axis of the 2×2 covariance of the bins
 * on its melody's harmonics (where the lead dominates), smoothed with the previous block's.
 * Falls back to the previous direction (centre at first) where the block has no melody.
 */
function leadDirection(
  block: StereoSpectrum[],
  count: number,
  first: number,
  lead: LeadPitch,
  binHz: Hz,
  previous: [number, number],
): [number, number] {
  let ll = 0;
  let rr = 0;
  let lr = 0;
  for (let i = 0; i < count; i++) {
    const f0 = lead.f0[first + i]!;
    const weight = lead.voicing[first + i]!;
    if (!(f0 > 0) || weight <= 0) continue;
    const s = block[i]!;
    for (let h = 1; h * f0 < 4000; h++) {
      const k = Math.round((h * f0) / binHz);
      ll += weight * (s.leftRe[k]! ** 2 + s.leftIm[k]! ** 2);
      rr += weight * (s.rightRe[k]! ** 2 + s.rightIm[k]! ** 2);
      lr += weight * (s.leftRe[k]! * s.rightRe[k]! + s.leftIm[k]! * s.rightIm[k]!);
    }
  }
  if (ll + rr <= 1e-12) return previous;
  const angle = 0.5 * Math.atan2(2 * lr, ll - rr);
  let gl = Math.abs(Math.cos(angle));
  let gr = Math.abs(Math.sin(angle));
  gl = 0.5 * (gl + previous[0]);
  gr = 0.5 * (gr + previous[1]);
  const norm = Math.hypot(gl, gr);
  return [gl / norm, gr / norm];
}

function applyMask(s: StereoSpectrum, mask: Float32Array): void {
  for (let k = 0; k < mask.length; k++) {
    const m = mask[k]!;
    s.leftRe[k]! *= m;
    s.leftIm[k]! *= m;
    s.rightRe[k]! *= m;
    s.rightIm[k]! *= m;
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
