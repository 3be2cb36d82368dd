import type { Hz, Seconds, Semitones } from '../units.ts';

/** The lead's pitch as a separator reports it: f0 per frame (0 = unvoiced) and a voicing strength. */
export interface LeadPitch {
  hop: Seconds;
  f0: Float32Array;
  voicing: Float32Array;
}

export interface MelodyOptions {
  /** Frame spacing of the melody returned. */
  hop: Seconds;
  frameCount: number;
  /** Frames with less voicing than this are treated as unvoiced. Default 0.5. */
  minVoicing?: number;
}

/** A jump larger than this from its surroundings is read as the tracker's octave slip, not a melody leap. */
const OCTAVE_SLIP = 0.6; // octaves (about 7 semitones)
/** Voiced runs shorter than this are tracker blips. */
const MIN_RUN: Seconds = 0.04;
/** Unvoiced gaps this short inside a sung phrase are bridged (a consonant between two notes). */
const BRIDGE: Seconds = 0.05;
/** How far around a run its context reaches when judging its octave. */
const CONTEXT: Seconds = 2;

/**
 * The lead's melody on a regular frame grid, cleaned for re-singing: resampled from the separator's
 * hop, octave slips folded back (within a run towards the run's median, whole runs towards the
 * phrase around them), blips dropped, short gaps bridged and a light median smoothing that keeps
 * vibrato (50 ms). Returns f0 per frame in Hz, 0 where the lead does not sing a pitch.
 */
export function leadMelody(pitch: LeadPitch, options: MelodyOptions): Float32Array {
  const { hop, frameCount } = options;
  const minVoicing = options.minVoicing ?? 0.5;
  const out = new Float32Array(frameCount);
  if (!(pitch.hop > 0) || pitch.f0.length === 0) return out;
  // Resample onto our grid: log-linear between two voiced frames, nearest otherwise.
  const voiced = (j: number) => (pitch.f0[j] ?? 0) > 0 && (pitch.voicing[j] ?? 0) >= minVoicing;
  for (let f = 0; f < frameCount; f++) {
    const x = (f * hop) / pitch.hop;
    const j = Math.floor(x);
    const frac = x - j;
    const a = voiced(j);
    const b = voiced(j + 1);
    if (a && b) out[f] = Math.exp(Math.log(pitch.f0[j]!) * (1 - frac) + Math.log(pitch.f0[j + 1]!) * frac);
    else if (a && frac < 0.5) out[f] = pitch.f0[j]!;
    else if (b && frac >= 0.5) out[f] = pitch.f0[j + 1]!;
  }
  const log = Float64Array.from(out, (v) => (v > 0 ? Math.log2(v) : NaN));
  const runs = voicedRuns(log);
  // Within a run: single frames an octave off the run's median are the tracker slipping.
  for (const [a, b] of runs) {
    const centre = medianOf(log.subarray(a, b));
    for (let f = a; f < b; f++) log[f] = fold(log[f]!, centre);
  }
  // Whole runs: an octave off the phrase around them (runs within CONTEXT, weighted by length).
  const context = Math.round(CONTEXT / hop);
  const medians = runs.map(([a, b]) => medianOf(log.subarray(a, b)));
  for (const [r, [a, b]] of runs.entries()) {
    const around: number[] = [];
    for (const [s, [c, d]] of runs.entries()) {
      if (s === r || d < a - context || c > b + context) continue;
      for (let k = 0; k < Math.min(50, d - c); k++) around.push(medians[s]!);
    }
    if (around.length < 10) continue;
    const reference = medianOf(Float64Array.from(around));
    const folded = fold(medians[r]!, reference);
    if (folded !== medians[r]) {
      const by = folded - medians[r]!;
      for (let f = a; f < b; f++) log[f]! += by;
    }
  }
  // 5-frame median inside runs.
  const smoothed = log.slice();
  for (const [a, b] of runs)
    for (let f = a; f < b; f++) {
      const window: number[] = [];
      for (let k = Math.max(a, f - 2); k <= Math.min(b - 1, f + 2); k++) window.push(log[k]!);
      smoothed[f] = medianOf(Float64Array.from(window));
    }
  const minRun = Math.max(1, Math.round(MIN_RUN / hop));
  for (const [a, b] of runs) if (b - a < minRun) for (let f = a; f < b; f++) smoothed[f] = NaN;
  // Bridge short gaps between runs at a similar pitch (within a fifth): one held line, not two notes cut.
  const bridge = Math.round(BRIDGE / hop);
  const kept = voicedRuns(smoothed);
  for (let r = 1; r < kept.length; r++) {
    const end = kept[r - 1]![1];
    const start = kept[r]![0];
    if (start - end > bridge) continue;
    const from = smoothed[end - 1]!;
    const to = smoothed[start]!;
    if (Math.abs(to - from) > 7 / 12) continue;
    for (let f = end; f < start; f++) smoothed[f] = from + ((to - from) * (f - end + 1)) / (start - end + 1);
  }
  for (let f = 0; f < frameCount; f++) out[f] = Number.isNaN(smoothed[f]!) ? 0 : 2 ** smoothed[f]!;
  return out;
}

/** Median f0 of the voiced frames (Hz), or 0 when nothing is voiced. */
export function melodyMedian(f0: Float32Array): Hz {
  const values = Float64Array.from(Array.from(f0).filter((v) => v > 0));
  return values.length ? 2 ** medianOf(values.map(Math.log2)) : 0;
}

/**
 * The shift that moves a melody into a singer's range: whole octaves that bring the melody's median
 * nearest to where the singer's voice sits (a speaking median plus a few semitones: people sing
 * a little above how they speak).
 */
export function autoShift(melodyMedianHz: Hz, singerMedianHz: Hz, singingLift: Semitones = 3): Semitones {
  if (!(melodyMedianHz > 0) || !(singerMedianHz > 0)) return 0;
  const target = singerMedianHz * 2 ** (singingLift / 12);
  const octaves = Math.round(Math.log2(target / melodyMedianHz));
  return 12 * Math.max(-2, Math.min(2, octaves));
}

function fold(value: number, reference: number): number {
  const diff = value - reference;
  if (Math.abs(diff) <= OCTAVE_SLIP) return value;
  return value - Math.round(diff);
}

function voicedRuns(log: Float64Array): [number, number][] {
  const runs: [number, number][] = [];
  let f = 0;
  while (f < log.length) {
    if (Number.isNaN(log[f]!)) {
      f++;
      continue;
    }
    const start = f;
    while (f < log.length && !Number.isNaN(log[f]!)) f++;
    runs.push([start, f]);
  }
  return runs;
}

function medianOf(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[sorted.length >> 1]! : NaN;
}
