import type { Seconds } from '../units.ts';

/** A planned event may be heard at either of two times (a syllable's consonant or vowel onset). */
export interface PlannedOnset {
  early: Seconds;
  late: Seconds;
}

export interface OnsetMatch {
  precision: number;
  recall: number;
  fMeasure: number;
  /** |detected - planned| of every matched pair. */
  errors: Seconds[];
  /** Indexes of the planned onsets that a detection matched. */
  matchedPlans: Set<number>;
}

/**
 * One-to-one matching of detections to planned onsets within ±tolerance (MIREX-style onset
 * evaluation): extra detections cost precision and unmatched plans cost recall, so a detector
 * that fires everywhere, or a render that is off the plan, both score low.
 */
export function matchOnsets(
  detected: readonly Seconds[],
  planned: readonly PlannedOnset[],
  tolerance: Seconds = 0.04,
): OnsetMatch {
  const candidates: { d: number; p: number; error: number }[] = [];
  detected.forEach((t, d) => {
    planned.forEach((plan, p) => {
      const error =
        t >= plan.early - tolerance && t <= plan.late + tolerance
          ? t < plan.early
            ? plan.early - t
            : t > plan.late
              ? t - plan.late
              : 0
          : Infinity;
      if (error <= tolerance) candidates.push({ d, p, error });
    });
  });
  candidates.sort((a, b) => a.error - b.error);
  const usedD = new Set<number>();
  const usedP = new Set<number>();
  const errors: Seconds[] = [];
  for (const c of candidates) {
    if (usedD.has(c.d) || usedP.has(c.p)) continue;
    usedD.add(c.d);
    usedP.add(c.p);
    errors.push(c.error);
  }
  const precision = detected.length ? errors.length / detected.length : 0;
  const recall = planned.length ? errors.length / planned.length : 0;
  const fMeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fMeasure, errors, matchedPlans: usedP };
}

/**
 * Lag (seconds) that best aligns an onset-strength curve with planned event times: the planned
 * events as a train of short bumps, cross-correlated over ±range. Zero means the audio is where
 * the plan says; a render that is late by 60 ms gives +0.06. Unlike nearest-onset distances, this
 * cannot be satisfied by a detector that fires everywhere.
 */
export function alignmentLag(
  strength: Float64Array,
  framesPerSecond: number,
  events: readonly Seconds[],
  { range = 0.15, width = 0.015 }: { range?: Seconds; width?: Seconds } = {},
): { lag: Seconds; peak: number; contrast: number } {
  const maxLag = Math.round(range * framesPerSecond);
  const sigma = width * framesPerSecond;
  let mean = 0;
  for (const v of strength) mean += v;
  mean /= Math.max(1, strength.length);
  const scores: number[] = [];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let score = 0;
    for (const t of events) {
      const centre = t * framesPerSecond + lag;
      const lo = Math.max(0, Math.floor(centre - 3 * sigma));
      const hi = Math.min(strength.length - 1, Math.ceil(centre + 3 * sigma));
      for (let f = lo; f <= hi; f++)
        score += (strength[f]! - mean) * Math.exp(-0.5 * ((f - centre) / sigma) ** 2);
    }
    scores.push(score);
  }
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  const sorted = [...scores].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1]!;
  return {
    lag: (best - maxLag) / framesPerSecond,
    peak: scores[best]!,
    contrast: median !== 0 ? scores[best]! / Math.abs(median) : Infinity,
  };
}
