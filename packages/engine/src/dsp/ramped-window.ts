/**
 * The weight at sample `i` of a window from `start` to `end` (samples, its ramps included) that
 * rises linearly over its first `ramp` samples and falls over its last: 0 outside, 1 on its
 * plateau. A window shorter than two ramps peaks below 1.
 */
export function rampedWindow(i: number, start: number, end: number, ramp: number): number {
  return Math.max(0, Math.min(1, (i - start) / ramp, (end - i) / ramp));
}
