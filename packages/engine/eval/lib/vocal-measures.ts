/**
 * Measures of a rendered vocal for the vocals evaluation, computed from audio and from the output
 * of external trackers (onsets, F0), never from the renderer's own plan: timing on the swung grid,
 * sung notes and key, true peak, spikes and the band the voice really occupies.
 */
import type { Decibels, Hz, Seconds } from '../../src/units.ts';
import { resample } from '../../src/dsp/resampler.ts';
import { Fft, hannWindow } from '../../src/dsp/fft.ts';

/** Grid slots from `origin`; odd slots are late by `swing` of a slot (the beat's shuffle). */
export interface SwungGrid {
  secondsPerSlot: Seconds;
  swing: number;
  origin: Seconds;
}

export const gridTime = (grid: SwungGrid, slot: number): Seconds =>
  grid.origin + (slot + (Math.abs(slot) % 2 === 1 ? grid.swing : 0)) * grid.secondsPerSlot;

/** Signed distance from t to the nearest grid point (positive: late). */
export function gridError(t: Seconds, grid: SwungGrid): Seconds {
  const k = Math.floor((t - grid.origin) / grid.secondsPerSlot);
  let best = Infinity;
  for (let slot = k - 1; slot <= k + 2; slot++) {
    const d = t - gridTime(grid, slot);
    if (Math.abs(d) < Math.abs(best)) best = d;
  }
  return best;
}

export interface OnsetTiming {
  onsets: number;
  /** Share of onsets within ±window of the grid. */
  within: number;
  /** The share a random onset would reach (how much of the timeline lies inside the window). */
  chance: number;
  p90ErrorMs: number;
  medianErrorMs: number;
}

export function onsetTiming(
  onsets: readonly Seconds[],
  grid: SwungGrid,
  window: Seconds = 0.03,
): OnsetTiming {
  const errors = onsets.map((t) => Math.abs(gridError(t, grid))).sort((a, b) => a - b);
  const inside = errors.filter((e) => e <= window).length;
  // Chance: uniform times over two slots (one swung pair).
  let hits = 0;
  const probes = 2000;
  for (let i = 0; i < probes; i++) {
    const t = grid.origin + ((i + 0.5) / probes) * 2 * grid.secondsPerSlot;
    if (Math.abs(gridError(t, grid)) <= window) hits++;
  }
  return {
    onsets: onsets.length,
    within: onsets.length ? inside / onsets.length : 0,
    chance: hits / probes,
    p90ErrorMs: 1000 * quantile(errors, 0.9),
    medianErrorMs: 1000 * quantile(errors, 0.5),
  };
}

/** Quantile of an ascending array (linear interpolation); NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const x = q * (sorted.length - 1);
  const i = Math.floor(x);
  const f = x - i;
  return sorted[i]! + f * ((sorted[Math.min(i + 1, sorted.length - 1)] ?? sorted[i]!) - sorted[i]!);
}

/** An F0 track: `f0[i]` at `times[i]`, 0 where unvoiced. */
export interface PitchTrack {
  times: Float64Array;
  f0: Float64Array;
}

const hzToMidi = (hz: Hz) => 69 + 12 * Math.log2(hz / 440);

/**
 * Distinct pitch classes held in a line: voiced frames rounded to the nearest semitone, runs of
 * one semitone lasting at least `minNote` (so glides and vibrato do not count as notes).
 */
export function notesInSpan(
  track: PitchTrack,
  start: Seconds,
  end: Seconds,
  minNote: Seconds = 0.06,
): number {
  const classes = new Set<number>();
  let runNote = NaN;
  let runStart = 0;
  let runEnd = 0;
  const close = () => {
    if (!Number.isNaN(runNote) && runEnd - runStart >= minNote - 1e-9)
      classes.add(((runNote % 12) + 12) % 12);
  };
  const hop = track.times.length > 1 ? track.times[1]! - track.times[0]! : 0.01;
  for (let i = 0; i < track.times.length; i++) {
    const t = track.times[i]!;
    if (t < start || t > end) continue;
    const f = track.f0[i]!;
    const note = f > 0 ? Math.round(hzToMidi(f)) : NaN;
    if (note === runNote) {
      runEnd = t + hop;
      continue;
    }
    close();
    runNote = note;
    runStart = t;
    runEnd = t + hop;
  }
  close();
  return classes.size;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;
const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** Pitch classes of a key written "G major" / "C# minor". */
export function scalePitchClasses(key: string): number[] {
  const [tonicName, mode] = key.split(' ');
  const tonic = NOTE_NAMES.indexOf(tonicName ?? '');
  if (tonic < 0 || (mode !== 'major' && mode !== 'minor')) throw new Error(`Unknown key "${key}"`);
  return SCALES[mode].map((d) => (tonic + d) % 12);
}

/** Share of voiced frames inside the spans within ±tolerance cents of a note of the scale. */
export function inKeyShare(
  track: PitchTrack,
  spans: readonly [Seconds, Seconds][],
  scale: readonly number[],
  toleranceCents = 50,
): { voicedFrames: number; inKey: number } {
  let voiced = 0;
  let inKey = 0;
  for (let i = 0; i < track.times.length; i++) {
    const f = track.f0[i]!;
    const t = track.times[i]!;
    if (!(f > 0) || !spans.some(([a, b]) => t >= a && t <= b)) continue;
    voiced++;
    const midi = hzToMidi(f);
    const cents = Math.min(
      ...scale.map((pc) => {
        const d = (((midi - pc) % 12) + 12) % 12;
        return 100 * Math.min(d, 12 - d);
      }),
    );
    if (cents <= toleranceCents) inKey++;
  }
  return { voicedFrames: voiced, inKey: voiced ? inKey / voiced : 0 };
}

/** Inter-sample peak: the signal oversampled four times (ITU-R BS.1770 style), in dBTP. */
export function truePeakDb(samples: Float32Array, sampleRate: Hz): Decibels {
  const up = resample(samples, sampleRate, sampleRate * 4);
  let peak = 0;
  for (const v of up) peak = Math.max(peak, Math.abs(v));
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  return 20 * Math.log10(Math.max(peak, 1e-12));
}

/** Samples at full scale (the 16-bit maximum or beyond). */
export function clippedSamples(samples: Float32Array): number {
  let n = 0;
  for (const v of samples) if (Math.abs(v) >= 32767 / 32768) n++;
  return n;
}

/**
 * The audio where the voice raps or sings only: silence outside the lines' spans (each widened by
 * `pad`), faded over `fade` at each edge. PocketSphinx hears words in a beat alone (Kid Kilo's mix:
 * 15 words in the intro, the gaps between sections and the outro), and those count against the
 * words of the mix though no listener hears a word there; inside the lines the beat stays.
 */
export function onlyWithinLines(
  samples: Float32Array,
  sampleRate: Hz,
  lines: readonly (readonly [Seconds, Seconds])[],
  { pad = 0.25, fade = 0.02 }: { pad?: Seconds; fade?: Seconds } = {},
): Float32Array {
  const gain = new Float32Array(samples.length);
  const ramp = Math.max(1, Math.round(fade * sampleRate));
  for (const [start, end] of lines) {
    const a = Math.max(0, Math.round((start - pad) * sampleRate));
    const b = Math.min(samples.length, Math.round((end + pad) * sampleRate));
    for (let i = a; i < b; i++) {
      const edge = Math.min(i - a + 1, b - i) / ramp;
      gain[i] = Math.max(gain[i]!, Math.min(1, edge));
    }
  }
  return samples.map((v, i) => v * gain[i]!);
}

/** Where the voice sounds: 10 ms frames within `rangeDb` of the loudest frame. */
export function activeSeconds(samples: Float32Array, sampleRate: Hz, rangeDb: Decibels = 45): Seconds {
  const frame = Math.round(0.01 * sampleRate);
  const energies: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let e = 0;
    for (let j = i; j < i + frame; j++) e += samples[j]! * samples[j]!;
    energies.push(e / frame);
  }
  const loudest = Math.max(0, ...energies);
  const floor = loudest * 10 ** (-rangeDb / 10);
  return energies.filter((e) => e > floor && e > 0).length * 0.01;
}

/**
 * Clicks: samples above `factor` times the RMS of the 10 ms around them, counted as events
 * (spike samples closer than 1 ms belong to one event), per minute of active voice.
 */
export function spikesPerMinute(
  samples: Float32Array,
  sampleRate: Hz,
  factor = 6,
): { spikes: number; perMinute: number } {
  const half = Math.round(0.005 * sampleRate);
  const gap = Math.round(0.001 * sampleRate);
  // Running sum of squares: the window's RMS in O(1) per sample.
  const cumulative = new Float64Array(samples.length + 1);
  for (let i = 0; i < samples.length; i++) cumulative[i + 1] = cumulative[i]! + samples[i]! * samples[i]!;
  let spikes = 0;
  let last = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.abs(samples[i]!);
    if (v < 1e-4) continue;
    const a = Math.max(0, i - half);
    const b = Math.min(samples.length, i + half);
    const rms = Math.sqrt((cumulative[b]! - cumulative[a]!) / (b - a));
    if (v > factor * rms) {
      if (i - last > gap) spikes++;
      last = i;
    }
  }
  const minutes = activeSeconds(samples, sampleRate) / 60;
  return { spikes, perMinute: minutes > 0 ? spikes / minutes : 0 };
}

export interface BandMeasure {
  /**
   * Highest frequency with harmonic structure, 90th percentile over voiced frames: what the open
   * vowels reach (nasals and voiced consonants have little above 2 kHz in any voice).
   */
  harmonicTopHz: Hz;
  /** Energy above 7 kHz relative to all energy, over voiced frames. */
  above7kDb: Decibels;
  voicedFrames: number;
}

const PERIODS = 4;
const POINTS_PER_PERIOD = 256;

/** Catmull-Rom interpolation of x at a fractional index. */
function sampleAt(x: Float32Array, t: number): number {
  const i = Math.floor(t);
  const f = t - i;
  const p0 = x[i - 1] ?? 0;
  const p1 = x[i] ?? 0;
  const p2 = x[i + 1] ?? 0;
  const p3 = x[i + 2] ?? 0;
  return p1 + 0.5 * f * (p2 - p0 + f * (2 * p0 - 5 * p1 + 4 * p2 - p3 + f * (3 * (p1 - p2) + p3 - p0)));
}

/**
 * Bandwidth of a voice in voiced frames. Each frame of four periods is resampled onto its own
 * pitch (time-warped along the F0 contour, the contour's level and slope refined on the harmonics
 * below 3 kHz), so harmonic k falls on one bin and half-way points on the window's zeros even
 * where the pitch glides. A 500 Hz band has harmonic structure when the harmonics carry 4 dB more
 * than the half-way points and lie within 65 dB of the frame's strongest bin; the top is where
 * that structure, followed upwards, fails in two bands running, and the voice's figure the 90th
 * percentile over frames. Noise scores ≈ 0 dB however loud it is.
 */
export function vocalBand(
  samples: Float32Array,
  sampleRate: Hz,
  track: PitchTrack,
  { maxFrames = 400 }: { maxFrames?: number } = {},
): BandMeasure {
  const size = PERIODS * POINTS_PER_PERIOD;
  const fft = new Fft(size);
  const window = hannWindow(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const power = new Float64Array(size / 2);
  const hop = track.times.length > 1 ? track.times[1]! - track.times[0]! : 0.01;
  const f0At = (t: Seconds): Hz => {
    const x = (t - track.times[0]!) / hop;
    const i = Math.floor(x);
    const a = track.f0[i] ?? 0;
    const b = track.f0[i + 1] ?? 0;
    if (a > 0 && b > 0) return a + (x - i) * (b - a);
    return a > 0 ? a : b;
  };
  const rms = (center: number, half: number) => {
    let e = 0;
    for (let j = center - half; j < center + half; j++) e += (samples[j] ?? 0) ** 2;
    return e / (2 * half);
  };
  // Frames where the tracker and its neighbours agree there is voice, away from the edges.
  let candidates: { time: Seconds; f0: Hz; energy: number }[] = [];
  for (let i = 1; i + 1 < track.times.length; i++) {
    const f0 = track.f0[i]!;
    if (!(f0 > 0 && track.f0[i - 1]! > 0 && track.f0[i + 1]! > 0)) continue;
    const time = track.times[i]!;
    const half = Math.ceil(((PERIODS / 2 + 1) * sampleRate) / f0);
    const center = Math.round(time * sampleRate);
    if (center - half < 2 || center + half + 2 >= samples.length) continue;
    candidates.push({ time, f0, energy: rms(center, half) });
  }
  const loudest = Math.max(0, ...candidates.map((c) => c.energy));
  candidates = candidates.filter((c) => c.energy >= loudest * 1e-3);
  const step = Math.max(1, Math.ceil(candidates.length / maxFrames));
  const tops: number[] = [];
  let high = 0;
  let total = 0;
  let frames = 0;

  /** Warped, windowed frame around `time`: F0 contour scaled by `level`, tilted by `slope` per second. */
  const warp = (time: Seconds, level: number, slope: number) => {
    const center = time * sampleRate;
    // Phase (in periods) of each sample from the centre outwards, then sample at even phase steps.
    const reach = Math.ceil(((PERIODS / 2 + 1) * sampleRate) / (f0At(time) * level));
    const phase = new Float64Array(2 * reach + 1);
    for (let n = 1; n <= reach; n++) {
      const forward = (n - 0.5) / sampleRate;
      phase[reach + n] =
        phase[reach + n - 1]! + (level * f0At(time + forward) * (1 + slope * forward)) / sampleRate;
      phase[reach - n] =
        phase[reach - n + 1]! - (level * f0At(time - forward) * (1 - slope * forward)) / sampleRate;
    }
    let n = 0;
    for (let j = 0; j < size; j++) {
      const target = (j - size / 2) / POINTS_PER_PERIOD;
      while (n + 1 < phase.length - 1 && phase[n + 1]! <= target) n++;
      const span = phase[n + 1]! - phase[n]!;
      const t = n + (span > 0 ? (target - phase[n]!) / span : 0) - reach;
      re[j] = sampleAt(samples, center + t) * window[j]!;
      im[j] = 0;
    }
    fft.transform(re, im);
    for (let k = 0; k < size / 2; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
  };

  for (let c = 0; c < candidates.length; c += step) {
    const { time, f0 } = candidates[c]!;
    const lowHarmonics = Math.max(2, Math.floor(3000 / f0));
    let best = { level: 1, slope: 0, score: -1 };
    for (let level = 0.97; level <= 1.0301; level += 0.005) {
      for (let slope = -1.5; slope <= 1.51; slope += 0.5) {
        warp(time, level, slope);
        let score = 0;
        for (let k = 1; k <= lowHarmonics && k * PERIODS < size / 2; k++) score += power[k * PERIODS]!;
        if (score > best.score) best = { level, slope, score };
      }
    }
    warp(time, best.level, best.slope);
    const f = f0 * best.level;
    const binHz = f / PERIODS;
    let strongest = 0;
    let frameTotal = 0;
    let frameHigh = 0;
    for (let k = 1; k < size / 2 && k * binHz < sampleRate / 2; k++) {
      strongest = Math.max(strongest, power[k]!);
      frameTotal += power[k]!;
      if (k * binHz >= 7000) frameHigh += power[k]!;
    }
    total += frameTotal;
    high += frameHigh;
    frames++;
    // Structure continues upwards from the low harmonics; two failed bands in a row end it, so
    // noise that passes by chance far above cannot extend the band.
    let top = 0;
    let misses = 0;
    for (let lo = 0; lo + 500 <= sampleRate / 2 && misses < 2; lo += 500) {
      let harmonic = 0;
      let between = 0;
      let count = 0;
      for (let h = Math.max(1, Math.ceil(lo / f)); h * f < lo + 500 && (h + 1) * PERIODS < size / 2; h++) {
        harmonic += power[h * PERIODS]!;
        between += power[h * PERIODS + PERIODS / 2]!;
        count++;
      }
      if (count === 0) continue;
      // Window leakage is periodic too: a band must also be audible (within 65 dB of the peak).
      const structured =
        harmonic / count > strongest * 10 ** (-65 / 10) && harmonic > between * 10 ** (4 / 10);
      if (structured) {
        top = lo + 500;
        misses = 0;
      } else misses++;
    }
    tops.push(top);
  }
  tops.sort((a, b) => a - b);
  return {
    harmonicTopHz: frames ? quantile(tops, 0.9) : 0,
    above7kDb: total > 0 ? 10 * Math.log10(Math.max(high, 1e-30) / total) : -Infinity,
    voicedFrames: frames,
  };
}
