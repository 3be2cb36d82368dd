import type { Decibels } from '../units.ts';

/**
 * Scale-invariant signal-to-distortion ratio (Le Roux et al. 2019) of an estimate against a
 * reference, all channels taken together: the reference scaled to best fit the estimate is the
 * target, everything else is distortion.
 */
export function siSdr(reference: Float32Array[], estimate: Float32Array[]): Decibels {
  let dot = 0;
  let referenceEnergy = 0;
  for (let c = 0; c < reference.length; c++) {
    const r = reference[c]!;
    const e = estimate[Math.min(c, estimate.length - 1)]!;
    for (let i = 0; i < r.length; i++) {
      dot += r[i]! * e[i]!;
      referenceEnergy += r[i]! * r[i]!;
    }
  }
  const alpha = referenceEnergy > 0 ? dot / referenceEnergy : 0;
  let target = 0;
  let noise = 0;
  for (let c = 0; c < reference.length; c++) {
    const r = reference[c]!;
    const e = estimate[Math.min(c, estimate.length - 1)]!;
    for (let i = 0; i < r.length; i++) {
      const s = alpha * r[i]!;
      target += s * s;
      noise += (e[i]! - s) ** 2;
    }
  }
  return 10 * Math.log10((target + 1e-20) / (noise + 1e-20));
}
