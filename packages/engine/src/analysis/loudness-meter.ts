import type { Decibels, Hz } from '../units.ts';
import { gainToDb } from '../units.ts';
import { Biquad, type BiquadCoefficients } from '../dsp/biquad-filter.ts';

/**
 * ITU-R BS.1770-4 K-weighting for any sample rate (stage 1 shelf + stage 2 high-pass),
 * by the bilinear-transform parameters libebur128 uses, so 48 kHz matches the standard's table.
 */
function kWeightingStages(sampleRate: Hz): [BiquadCoefficients, BiquadCoefficients] {
  const shelf = (() => {
    const f0 = 1681.974450955533;
    const G = 3.999843853973347;
    const Q = 0.7071752369554196;
    const K = Math.tan((Math.PI * f0) / sampleRate);
    const Vh = 10 ** (G / 20);
    const Vb = Vh ** 0.4996667741545416;
    const a0 = 1 + K / Q + K * K;
    return {
      b0: (Vh + (Vb * K) / Q + K * K) / a0,
      b1: (2 * (K * K - Vh)) / a0,
      b2: (Vh - (Vb * K) / Q + K * K) / a0,
      a1: (2 * (K * K - 1)) / a0,
      a2: (1 - K / Q + K * K) / a0,
    };
  })();
  const highpass = (() => {
    const f0 = 38.13547087602444;
    const Q = 0.5003270373238773;
    const K = Math.tan((Math.PI * f0) / sampleRate);
    const a0 = 1 + K / Q + K * K;
    return { b0: 1, b1: -2, b2: 1, a1: (2 * (K * K - 1)) / a0, a2: (1 - K / Q + K * K) / a0 };
  })();
  return [shelf, highpass];
}

export interface LoudnessReport {
  integratedLufs: Decibels;
  /** Loudness range is not computed; momentary max helps spot a too-loud intro. */
  momentaryMaxLufs: Decibels;
  truePeakDbtp: Decibels;
  samplePeakDbfs: Decibels;
}

/** Mean-square per 100 ms step of the K-weighted signal summed over channels (weights 1 for L/R). */
function blockPowers(channels: Float32Array[], sampleRate: Hz): Float64Array {
  const step = Math.max(1, Math.round(sampleRate * 0.1));
  const frames = channels[0]?.length ?? 0;
  const steps = Math.floor(frames / step);
  const power = new Float64Array(steps);
  const buf = new Float32Array(step);
  for (const ch of channels) {
    const [s1, s2] = kWeightingStages(sampleRate);
    const f1 = new Biquad(s1);
    const f2 = new Biquad(s2);
    for (let s = 0; s < steps; s++) {
      buf.set(ch.subarray(s * step, (s + 1) * step));
      f1.process(buf);
      f2.process(buf);
      let sum = 0;
      for (let i = 0; i < step; i++) sum += buf[i]! * buf[i]!;
      power[s]! += sum / step;
    }
  }
  return power;
}

const toLufs = (meanSquare: number): Decibels => -0.691 + 10 * Math.log10(Math.max(meanSquare, 1e-20));

/** Integrated loudness (gated, 400 ms blocks with 75 % overlap) per BS.1770-4 / EBU R128. */
export function integratedLoudness(
  channels: Float32Array[],
  sampleRate: Hz,
): { integrated: Decibels; momentaryMax: Decibels } {
  return gatedLoudness(blockPowers(channels, sampleRate));
}

/**
 * `integratedLoudness([mono, mono])` — a mono signal heard on both channels, as a centred voice
 * is — for half the filtering: the two channels' powers are the same, so one is doubled.
 */
export function centredMonoLoudness(
  mono: Float32Array,
  sampleRate: Hz,
): { integrated: Decibels; momentaryMax: Decibels } {
  const steps = blockPowers([mono], sampleRate);
  for (let s = 0; s < steps.length; s++) steps[s]! += steps[s]!;
  return gatedLoudness(steps);
}

function gatedLoudness(steps: Float64Array): { integrated: Decibels; momentaryMax: Decibels } {
  const blocks: number[] = [];
  for (let s = 0; s + 4 <= steps.length; s++)
    blocks.push((steps[s]! + steps[s + 1]! + steps[s + 2]! + steps[s + 3]!) / 4);
  if (blocks.length === 0) return { integrated: -Infinity, momentaryMax: -Infinity };
  const momentaryMax = Math.max(...blocks.map(toLufs));
  const absGated = blocks.filter((p) => toLufs(p) > -70);
  if (absGated.length === 0) return { integrated: -Infinity, momentaryMax };
  const mean = absGated.reduce((a, b) => a + b, 0) / absGated.length;
  const relativeGate = toLufs(mean) - 10;
  const gated = absGated.filter((p) => toLufs(p) > relativeGate);
  const integrated = toLufs(gated.reduce((a, b) => a + b, 0) / gated.length);
  return { integrated, momentaryMax };
}

/** 4x polyphase interpolator (48-tap windowed sinc per BS.1770 Annex 2's intent) for true peak. */
const OVERSAMPLE = 4;
const TP_TAPS = 16;
const truePeakTable: Float32Array = (() => {
  const table = new Float32Array(OVERSAMPLE * TP_TAPS);
  for (let p = 0; p < OVERSAMPLE; p++) {
    for (let k = 0; k < TP_TAPS; k++) {
      const d = k - TP_TAPS / 2 + 1 - p / OVERSAMPLE;
      const sinc = d === 0 ? 1 : Math.sin(Math.PI * d) / (Math.PI * d);
      const w = 0.5 + 0.5 * Math.cos((Math.PI * d) / (TP_TAPS / 2));
      table[p * TP_TAPS + k] = sinc * w;
    }
    // Unity DC gain per phase, else the interpolator itself reports overs.
    let sum = 0;
    for (let k = 0; k < TP_TAPS; k++) sum += table[p * TP_TAPS + k]!;
    for (let k = 0; k < TP_TAPS; k++) table[p * TP_TAPS + k]! /= sum;
  }
  return table;
})();

export function truePeak(channels: Float32Array[]): { truePeak: number; samplePeak: number } {
  let tp = 0;
  let sp = 0;
  for (const x of channels) {
    const n = x.length;
    for (let i = 0; i < n; i++) {
      const v = Math.abs(x[i]!);
      if (v > sp) sp = v;
    }
    // Inter-sample overs only happen near loud samples: skip quiet stretches cheaply.
    const threshold = sp * 0.5;
    for (let i = TP_TAPS; i < n - TP_TAPS; i++) {
      if (Math.abs(x[i]!) < threshold && Math.abs(x[i + 1]!) < threshold) continue;
      const first = i - TP_TAPS / 2 + 1;
      for (let p = 1; p < OVERSAMPLE; p++) {
        let acc = 0;
        const row = p * TP_TAPS;
        for (let k = 0; k < TP_TAPS; k++) acc += x[first + k]! * truePeakTable[row + k]!;
        const v = Math.abs(acc);
        if (v > tp) tp = v;
      }
    }
  }
  return { truePeak: Math.max(tp, sp), samplePeak: sp };
}

export function measureLoudness(channels: Float32Array[], sampleRate: Hz): LoudnessReport {
  const { integrated, momentaryMax } = integratedLoudness(channels, sampleRate);
  const peaks = truePeak(channels);
  return {
    integratedLufs: integrated,
    momentaryMaxLufs: momentaryMax,
    truePeakDbtp: gainToDb(peaks.truePeak),
    samplePeakDbfs: gainToDb(peaks.samplePeak),
  };
}
