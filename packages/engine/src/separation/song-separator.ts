import type { PcmAudio } from '../pcm-audio.ts';
import type { Hz } from '../units.ts';
import { throwIfAborted } from '../errors.ts';
import { createStereoSpectrum, frameSizeFor, StereoStft, type StereoSpectrum } from './stereo-stft.ts';
import { MELODY_STATES, SalienceFunction, trackMelody, type LeadPitch } from './melody-tracker.ts';
import { runningMedian } from './median-filter.ts';
import { findRepeatingNeighbours } from './repet-sim.ts';

/**
 * The cue weights of the vocal mask. Each cue gives a soft mask in 0..1 (how plausible it is that
 * a time-frequency bin is the lead); the vocal mask is their product with these exponents (0
 * switches a cue off, which is how the evaluation measures a cue's worth).
 */
export interface SeparationTuning {
  /** Lead's stereo position: the bin's energy share along the lead's direction. */
  position: number;
  /** Harmonic against percussive (median-filter HPSS): H² / (H² + P²). */
  harmonicity: number;
  /** Melody comb: near a harmonic of the lead's F0 in voiced frames. */
  comb: number;
  /** The comb's value where there is no melody (consonants, breaths, unvoiced lines). */
  unvoicedShare: number;
  /** Half-widths (frames, bins) of HPSS's time and frequency medians. */
  harmonicHalf: number;
  percussiveHalf: number;
  /** Repeating background (REPET-SIM): 1 − repeating model / magnitude. */
  repetition: number;
  /** Salience computed on what the time median leaves: sustained chords do not take the melody. */
  stationarySuppression: number;
  /** Votes against F0s whose harmonics fall between a peak's (octave errors). */
  subharmonicPenalty: number;
}

export const DEFAULT_TUNING: SeparationTuning = {
  position: 1.5,
  harmonicity: 1,
  comb: 1,
  unvoicedShare: 0.15,
  harmonicHalf: 2,
  percussiveHalf: 8,
  repetition: 0.5,
  stationarySuppression: 0.7,
  subharmonicPenalty: 1,
};

export interface SeparationOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as the work proceeds. */
  onProgress?: (fraction: number) => void;
  /** For evaluation: cue weights other than the defaults. */
  tuning?: Partial<SeparationTuning>;
}

export interface SongSeparation {
  /** Lead vocal estimate: same rate, channels and length as the input. */
  vocals: PcmAudio;
  /** Everything else (the input minus the vocal estimate). */
  accompaniment: PcmAudio;
  leadPitch: LeadPitch;
}

/** Frames per processing block: bounds memory whatever the song's length. */
const BLOCK_FRAMES = 256;
/** Context frames on each side of a block, so time medians see the same neighbours as in one pass. */
const CONTEXT_FRAMES = 16;
/** Half-width of the time median whose excess the melody salience is computed on. */
const STATIONARY_MEDIAN_HALF = 20;
/** Cues that need the whole song (melody, repetition) keep the magnitude below this. */
const LOW_BAND_HZ: Hz = 8000;
const COMB_MAX_HZ: Hz = 8000;

/**
 * Lead-vocal separation without learned weights. The first pass keeps the low band of each
 * frame's magnitude; from it come the predominant melody (harmonic salience and Viterbi contour
 * tracking) and, for every frame, the frames it repeats (REPET-SIM). The second pass, block by
 * block, turns the cues into a soft mask per time-frequency bin (a weighted product of each cue's
 * soft mask: the lead's stereo position, harmonic against percussive, the melody's harmonic comb,
 * non-repeating against repeating), resynthesises the masked vocal, and leaves the rest as the accompaniment, so the two
 * always sum back to the song.
 */
export async function separateSong(
  audio: PcmAudio,
  options: SeparationOptions = {},
): Promise<SongSeparation> {
  const stft = await StereoStft.create(frameSizeFor(audio.sampleRate));
  try {
    return await separateWith(stft, audio, options);
  } finally {
    stft.dispose();
  }
}

async function separateWith(
  stft: StereoStft,
  audio: PcmAudio,
  options: SeparationOptions,
): Promise<SongSeparation> {
  const { signal, onProgress } = options;
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const { sampleRate } = audio;
  const left = audio.channels[0] ?? new Float32Array(0);
  const right = audio.channels[1] ?? left;
  const stereo = audio.channels.length >= 2;
  const bins = stft.bins;
  const frames = stft.frameCount(left.length);
  const binHz = sampleRate / stft.size;
  const low = Math.min(bins, Math.ceil(LOW_BAND_HZ / binHz) + 2);

  // Pass 1: the low band of every frame's magnitude.
  const lowMagnitude = new Float32Array(frames * low);
  const spectrum = createStereoSpectrum(bins);
  const magnitude = new Float32Array(bins);
  for (let t = 0; t < frames; t++) {
    if ((t & 255) === 0) await checkpoint(signal, onProgress, (0.25 * t) / frames);
    stft.analyze(left, right, t, spectrum);
    monoMagnitude(spectrum, magnitude);
    lowMagnitude.set(magnitude.subarray(0, low), t * low);
  }

  await checkpoint(signal, onProgress, 0.25);
  const leadPitch = melodyOf(lowMagnitude, frames, low, stft, sampleRate, tuning);
  await checkpoint(signal, onProgress, 0.35);
  const neighbours =
    tuning.repetition !== 0
      ? findRepeatingNeighbours(lowMagnitude, frames, low, {
          windowFrames: Math.round((12 * sampleRate) / stft.hop),
          neighbours: REPEAT_NEIGHBOURS,
          minSpacingFrames: Math.round((0.4 * sampleRate) / stft.hop),
          minSimilarity: 0.5,
          bands: 48,
        })
      : undefined;
  await checkpoint(signal, onProgress, 0.45);

  // Pass 2: masks and resynthesis, block by block.
  const vocalLeft = new Float32Array(left.length);
  // A mono input is analysed as an identical pair; its right output is discarded.
  const vocalRight = new Float32Array(left.length);
  const span = BLOCK_FRAMES + 2 * CONTEXT_FRAMES;
  const block: StereoSpectrum[] = Array.from({ length: span }, () => createStereoSpectrum(bins));
  const mag = new Float32Array(span * bins);
  const harmonic = new Float32Array(span * bins);
  const percussive = new Float32Array(span * bins);
  const masks = new Float32Array(span * bins);
  const repeatValues = new Float64Array(REPEAT_NEIGHBOURS);
  const comb = new Float32Array(Math.min(bins, Math.ceil(COMB_MAX_HZ / binHz)));
  let direction: [number, number] = [Math.SQRT1_2, Math.SQRT1_2];
  const scratch = new Float64Array(2 * Math.max(tuning.harmonicHalf, tuning.percussiveHalf, 4) + 1);
  for (let start = 0; start < frames; start += BLOCK_FRAMES) {
    await checkpoint(signal, onProgress, 0.45 + (0.55 * start) / frames);
    const first = Math.max(0, start - CONTEXT_FRAMES);
    const last = Math.min(frames, start + BLOCK_FRAMES + CONTEXT_FRAMES);
    const count = last - first;
    for (let i = 0; i < count; i++) {
      stft.analyze(left, right, first + i, block[i]!);
      monoMagnitude(block[i]!, mag.subarray(i * bins, (i + 1) * bins));
    }
    for (let k = 0; k < bins; k++) runningMedian(mag, harmonic, k, bins, count, tuning.harmonicHalf, scratch);
    for (let i = 0; i < count; i++)
      runningMedian(mag, percussive, i * bins, 1, bins, tuning.percussiveHalf, scratch);
    if (stereo) direction = leadDirection(block, count, first, leadPitch, binHz, direction);
    const [gainLeft, gainRight] = direction;
    for (let i = 0; i < count; i++) {
      const t = first + i;
      const s = block[i]!;
      const f0 = leadPitch.f0[t]!;
      const voiced = f0 > 0 ? leadPitch.voicing[t]! : 0;
      const row = i * bins;
      if (tuning.comb !== 0) fillComb(comb, f0, voiced, binHz, tuning.unvoicedShare);
      for (let k = 0; k < bins; k++) {
        let m = 1;
        if (stereo && tuning.position !== 0)
          m *= power(positionMatch(s, k, gainLeft, gainRight), tuning.position);
        if (tuning.harmonicity !== 0) {
          const h = harmonic[row + k]!;
          const p = percussive[row + k]!;
          m *= power((h * h + 1e-12) / (h * h + p * p + 1e-12), tuning.harmonicity);
        }
        if (tuning.comb !== 0 && k < comb.length) m *= power(comb[k]!, tuning.comb);
        if (neighbours && k < low) {
          let found = 0;
          for (let j = 0; j < REPEAT_NEIGHBOURS; j++) {
            const u = neighbours[t * REPEAT_NEIGHBOURS + j]!;
            if (u >= 0) repeatValues[found++] = lowMagnitude[u * low + k]!;
          }
          if (found > 0) {
            const x = mag[row + k]!;
            const model = Math.min(x, medianInPlace(repeatValues, found));
            m *= power((x - model + 1e-12) / (x + 1e-12), tuning.repetition);
          }
        }
        masks[row + k] = m;
      }
    }
    const end = Math.min(frames, start + BLOCK_FRAMES);
    for (let t = start; t < end; t++) {
      const i = t - first;
      applyMask(block[i]!, masks.subarray(i * bins, (i + 1) * bins));
      stft.synthesizeAdd(block[i]!, t, vocalLeft, vocalRight);
    }
  }
  onProgress?.(1);
  const vocalChannels = audio.channels.map((_, c) => (c === 1 ? vocalRight : vocalLeft));
  const accompaniment: PcmAudio = {
    sampleRate,
    channels: audio.channels.map((channel, c) => {
      const out = new Float32Array(channel.length);
      const vocal = vocalChannels[c]!;
      for (let i = 0; i < out.length; i++) out[i] = channel[i]! - vocal[i]!;
      return out;
    }),
  };
  return { vocals: { sampleRate, channels: vocalChannels }, accompaniment, leadPitch };
}

const REPEAT_NEIGHBOURS = 10;

function melodyOf(
  lowMagnitude: Float32Array,
  frames: number,
  low: number,
  stft: StereoStft,
  sampleRate: Hz,
  tuning: SeparationTuning,
): LeadPitch {
  const salience = new Float32Array(frames * MELODY_STATES);
  const salienceFunction = new SalienceFunction(sampleRate, stft.size);
  const row = new Float32Array(MELODY_STATES);
  const excess = new Float32Array(stft.bins);
  let stationary: Float32Array | undefined;
  if (tuning.stationarySuppression > 0) {
    stationary = new Float32Array(lowMagnitude.length);
    const scratch = new Float64Array(2 * STATIONARY_MEDIAN_HALF + 1);
    const melodyBins = Math.min(low, Math.ceil(5200 / (sampleRate / stft.size)));
    for (let k = 0; k < melodyBins; k++)
      runningMedian(lowMagnitude, stationary, k, low, frames, STATIONARY_MEDIAN_HALF, scratch);
  }
  for (let t = 0; t < frames; t++) {
    for (let k = 0; k < low; k++) {
      const m = lowMagnitude[t * low + k]!;
      excess[k] = stationary ? Math.max(0, m - tuning.stationarySuppression * stationary[t * low + k]!) : m;
    }
    salienceFunction.compute(excess, row, tuning.subharmonicPenalty);
    salience.set(row, t * MELODY_STATES);
  }
  return trackMelody(salience, frames, { hop: stft.hop / sampleRate });
}

function monoMagnitude(s: StereoSpectrum, out: Float32Array): void {
  for (let k = 0; k < out.length; k++) {
    const power = s.leftRe[k]! ** 2 + s.leftIm[k]! ** 2 + s.rightRe[k]! ** 2 + s.rightIm[k]! ** 2;
    out[k] = Math.sqrt(0.5 * power);
  }
}

/** x^w with the common exponents done by multiplication (this runs for every bin of every frame). */
function power(x: number, w: number): number {
  if (w === 1) return x;
  if (w === 0.5) return Math.sqrt(x);
  if (w === 1.5) return x * Math.sqrt(x);
  if (w === 2) return x * x;
  if (w === 4) return (x * x) ** 2;
  if (w === 8) return ((x * x) ** 2) ** 2;
  return x ** w;
}

/**
 * The melody comb of one frame: near 1 on the lead's harmonics (a Gaussian of about a bin, wider
 * up the series where vibrato smears them), near 0 between them and below the F0, blended toward
 * `unvoiced` as voicing confidence drops; `unvoiced` everywhere in frames without melody.
 */
function fillComb(comb: Float32Array, f0: Hz, voicing: number, binHz: Hz, unvoiced: number): void {
  const floor = (1 - voicing) * unvoiced;
  comb.fill(voicing > 0 ? floor : unvoiced);
  if (voicing <= 0) return;
  const f0Bins = f0 / binHz;
  for (let h = 1; h * f0Bins < comb.length + 3; h++) {
    const centre = h * f0Bins;
    const width = 0.9 + 0.004 * h * f0Bins;
    const from = Math.max(Math.ceil(0.75 * f0Bins), Math.ceil(centre - 3 * width));
    const to = Math.min(comb.length - 1, Math.floor(centre + 3 * width));
    for (let k = from; k <= to; k++) {
      const value = voicing * Math.exp(-0.5 * ((k - centre) / width) ** 2) + floor;
      if (value > comb[k]!) comb[k] = value;
    }
  }
}

/** Median of the first `count` values of `values` (sorted in place; count is small). */
function medianInPlace(values: Float64Array, count: number): number {
  for (let i = 1; i < count; i++) {
    const v = values[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > v) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = v;
  }
  const mid = count >> 1;
  return count & 1 ? values[mid]! : 0.5 * (values[mid - 1]! + values[mid]!);
}

/**
 * How much of the bin lies along the lead's stereo direction (gains gl, gr with gl² + gr² = 1):
 * |gl·L + gr·R|² / (|L|² + |R|²), 1 for a source panned exactly there, ½ for an uncorrelated pair.
 */
function positionMatch(s: StereoSpectrum, k: number, gl: number, gr: number): number {
  const re = gl * s.leftRe[k]! + gr * s.rightRe[k]!;
  const im = gl * s.leftIm[k]! + gr * s.rightIm[k]!;
  const power = s.leftRe[k]! ** 2 + s.leftIm[k]! ** 2 + s.rightRe[k]! ** 2 + s.rightIm[k]! ** 2;
  return (re * re + im * im) / (power + 1e-20);
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

async function checkpoint(
  signal: AbortSignal | undefined,
  onProgress: ((fraction: number) => void) | undefined,
  fraction: number,
): Promise<void> {
  throwIfAborted(signal);
  onProgress?.(fraction);
  await new Promise<void>((resolve) => setImmediate(resolve));
}
