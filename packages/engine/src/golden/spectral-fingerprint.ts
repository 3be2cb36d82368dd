import type { Hz, Seconds } from '../units.ts';
import { Fft, hannWindow } from '../dsp/fft.ts';

/** Band energies (dB) over time: small enough to commit, specific enough to catch a changed sound. */
export interface SpectralFingerprint {
  sampleRate: Hz;
  frameSeconds: Seconds;
  bandEdgesHz: number[];
  /** frames x bands, dB rounded to 0.1 */
  bandsDb: number[][];
}

const FRAME = 2048;

export function bandEdges(sampleRate: Hz, bands = 20): number[] {
  const low = 40;
  const high = Math.min(18000, sampleRate / 2);
  return Array.from({ length: bands + 1 }, (_, i) => Math.round(low * (high / low) ** (i / bands)));
}

export function spectralFingerprint(signal: Float32Array, sampleRate: Hz, frameSeconds: Seconds = 0.25): SpectralFingerprint {
  const fft = new Fft(FRAME);
  const window = hannWindow(FRAME);
  const edges = bandEdges(sampleRate);
  const hop = Math.round(frameSeconds * sampleRate);
  const bandsDb: number[][] = [];
  const mags = new Float64Array(FRAME / 2 + 1);
  for (let start = 0; start + FRAME <= signal.length; start += hop) {
    fft.magnitudes(signal.subarray(start, start + FRAME), window, mags);
    const row: number[] = [];
    for (let b = 0; b + 1 < edges.length; b++) {
      const k0 = Math.max(1, Math.floor((edges[b]! / sampleRate) * FRAME));
      const k1 = Math.max(k0 + 1, Math.floor((edges[b + 1]! / sampleRate) * FRAME));
      let e = 0;
      for (let k = k0; k < k1; k++) e += mags[k]! ** 2;
      row.push(Math.round(10 * Math.max(-100, 10 * Math.log10(e / (k1 - k0) + 1e-12))) / 10);
    }
    bandsDb.push(row);
  }
  return { sampleRate, frameSeconds, bandEdgesHz: edges, bandsDb };
}

export interface FingerprintComparison {
  meanAbsDb: number;
  /** 95th percentile of per-cell differences (a few transient cells may move more). */
  p95AbsDb: number;
  frames: [number, number];
}

/** Compares cells louder than -60 dB in either print: silence differences are not audible ones. */
export function compareFingerprints(a: SpectralFingerprint, b: SpectralFingerprint): FingerprintComparison {
  const diffs: number[] = [];
  const frames = Math.min(a.bandsDb.length, b.bandsDb.length);
  for (let f = 0; f < frames; f++) {
    const ra = a.bandsDb[f]!;
    const rb = b.bandsDb[f]!;
    for (let k = 0; k < Math.min(ra.length, rb.length); k++) {
      if (ra[k]! < -60 && rb[k]! < -60) continue;
      diffs.push(Math.abs(ra[k]! - rb[k]!));
    }
  }
  diffs.sort((x, y) => x - y);
  const mean = diffs.reduce((s, d) => s + d, 0) / Math.max(1, diffs.length);
  return { meanAbsDb: mean, p95AbsDb: diffs[Math.floor(0.95 * (diffs.length - 1))] ?? 0, frames: [a.bandsDb.length, b.bandsDb.length] };
}
