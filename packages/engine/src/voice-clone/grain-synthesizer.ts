import type { Hz } from '../units.ts';
import { FRAME_HOP } from './speech-features.ts';

export interface GrainSource {
  audio: Float32Array;
  sampleRate: Hz;
  /** f0 of each recorded 10 ms frame (0 = unvoiced). */
  f0: Float32Array;
  marks: Int32Array;
  periods: Float32Array;
}

export interface GrainPlan {
  /** Recorded frame chosen for each output frame (-1 = silence). */
  selection: Int32Array;
  /** Output f0 per frame (0 = unvoiced). */
  f0: Float32Array;
  /** Frames that sound at all (the source is not silent there). */
  active: Uint8Array;
  /** Wanted level per frame in dB (RMS), or NaN to keep what the grains give. */
  levelDb: Float32Array;
  outputLength: number;
  /**
   * Never step back a pulse or two inside a run of recorded frames: where the output holds or
   * repeats a frame (a stretched vowel), its grains would otherwise alternate between two pulses,
   * a period-two pattern heard (and tracked) as the pitch an octave down. The last grain repeats
   * instead.
   */
  holdPulses?: boolean;
}

/** How far (in frames) unvoiced reading may run ahead of the selection before it steps back. */
const MAX_READ_AHEAD = 2;

function nearestMark(marks: Int32Array, position: number): number {
  let lo = 0;
  let hi = marks.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid]! < position) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(marks[lo - 1]! - position) < Math.abs(marks[lo]! - position)) return lo - 1;
  return lo;
}

/**
 * Pitch-synchronous overlap-add (TD-PSOLA) from the person's own recording: in voiced output each
 * grain is two of the person's glottal periods around a pulse mark of the chosen frame, laid down
 * one output period apart (pitch changes, the person's formants and breath stay); unvoiced output
 * copies 10 ms Hann grains of the chosen frames. The level of each frame then follows the plan.
 */
export function synthesizeGrains(source: GrainSource, plan: GrainPlan): Float32Array {
  const { audio, sampleRate, marks, periods } = source;
  const n = plan.outputLength;
  const out = new Float32Array(n);
  const windowSum = new Float32Array(n);
  const hop = FRAME_HOP * sampleRate;
  const frames = plan.selection.length;
  const addGrain = (centre: number, half: number, at: number) => {
    for (let i = -half; i <= half; i++) {
      const o = at + i;
      const s = centre + i;
      if (o < 0 || o >= n || s < 0 || s >= audio.length) continue;
      const w = 0.5 + 0.5 * Math.cos((Math.PI * i) / half);
      out[o]! += w * audio[s]!;
      windowSum[o]! += w;
    }
  };
  const unvoicedHalf = Math.round(0.005 * sampleRate);
  let lastMark = -1;
  let lastChosen = -1;
  let lastNoise = -Infinity;
  let lastNoiseChosen = -1;
  let t = 0;
  while (t < n) {
    const f = Math.round(t / hop);
    if (f >= frames) break;
    const chosen = plan.selection[f]!;
    if (!plan.active[f] || chosen < 0) {
      t += unvoicedHalf;
      continue;
    }
    // Where in the recording this output instant falls: the chosen frame plus the same offset.
    const position = chosen * hop + (t - f * hop);
    const wantF0 = plan.f0[f]!;
    if (wantF0 > 0) {
      // Voiced output always gets a glottal grain: the chosen frame's nearest pulse, else the
      // nearest one within 50 ms (an unvoiced grain here would break the voicing).
      let k = nearestMark(marks, position);
      const reach = source.f0[chosen]! > 0 ? 1.5 * (periods[k] ?? 0) : 0.05 * sampleRate;
      if (k >= 0 && Math.abs(marks[k]! - position) <= Math.max(reach, 1.5 * periods[k]!)) {
        const sameRun = chosen >= lastChosen - 1 && chosen <= lastChosen + 1;
        if (plan.holdPulses && sameRun && k < lastMark && k >= lastMark - 2) k = lastMark;
        lastMark = k;
        lastChosen = chosen;
        lastNoiseChosen = -1;
        addGrain(marks[k]!, Math.max(8, Math.round(periods[k]!)), Math.round(t));
        t += sampleRate / wantF0;
        continue;
      }
    }
    // Where the selection holds or steps back on one run of unvoiced frames, the recording is read
    // on at its own pace (at most two frames ahead): restarting a held frame at its own offset said
    // its stop burst again 10 ms later, a stop released twice and heard as a click.
    let read = position;
    const onRun = lastNoiseChosen >= 0 && chosen >= lastNoiseChosen - 1 && chosen <= lastNoiseChosen + 2;
    const onward = lastNoise + unvoicedHalf;
    if (onRun && onward > read && onward <= position + MAX_READ_AHEAD * hop) read = onward;
    lastNoise = read;
    lastNoiseChosen = chosen;
    addGrain(Math.round(read), unvoicedHalf, Math.round(t));
    t += unvoicedHalf;
  }
  for (let i = 0; i < n; i++) if (windowSum[i]! > 1) out[i]! /= windowSum[i]!;
  applyLevels(out, sampleRate, plan);
  return out;
}

/** Per-frame gain towards the planned level (±15 dB at most), interpolated sample by sample. */
function applyLevels(out: Float32Array, sampleRate: Hz, plan: GrainPlan): void {
  const hop = FRAME_HOP * sampleRate;
  const frames = plan.selection.length;
  const gains = new Float32Array(frames).fill(1);
  for (let f = 0; f < frames; f++) {
    const want = plan.levelDb[f]!;
    if (!plan.active[f] || Number.isNaN(want)) continue;
    const a = Math.max(0, Math.round((f - 0.5) * hop));
    const b = Math.min(out.length, Math.round((f + 0.5) * hop));
    let sum = 0;
    for (let i = a; i < b; i++) sum += out[i]! * out[i]!;
    const have = 10 * Math.log10(sum / Math.max(1, b - a) + 1e-10);
    gains[f] = 10 ** (Math.max(-15, Math.min(15, want - have)) / 20);
  }
  // Smooth over three frames: a gain that jumps every 10 ms would itself be heard as roughness.
  const smooth = gains.map((g, f) => ((gains[f - 1] ?? g) + g + (gains[f + 1] ?? g)) / 3);
  for (let i = 0; i < out.length; i++) {
    const x = i / hop;
    const f = Math.min(frames - 1, Math.floor(x));
    const frac = x - f;
    const g = smooth[f]! + frac * ((smooth[Math.min(frames - 1, f + 1)] ?? smooth[f]!) - smooth[f]!);
    out[i]! *= g;
  }
}
