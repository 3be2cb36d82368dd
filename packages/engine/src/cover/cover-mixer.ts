import type { Decibels, Hz, Seconds, Semitones } from '../units.ts';
import { dbToGain, semitonesToRatio } from '../units.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { reverb } from '../dsp/reverb.ts';
import { stretch } from '../dsp/time-stretcher.ts';
import { integratedLoudness } from '../analysis/loudness-meter.ts';

/** How far the original lead's band is lowered in the accompaniment while the new voice sings. */
export const RESIDUE_DUCK_DB: Decibels = -9;
/** The band the lead's residue lives in (its harmonics and formants); bass and cymbals are left alone. */
const DUCK_LOW: Hz = 180;
const DUCK_HIGH: Hz = 6000;

/**
 * Lowers what is left of the original lead in the accompaniment wherever the new voice sings: the
 * centre (mid) signal's vocal band only, so stereo instruments, bass and cymbals keep their level.
 * The band is split complementarily (band = mid − low − high), so outside the ducked spans the
 * accompaniment is returned sample for sample. `active` marks 10 ms frames.
 */
export function duckResidue(
  channels: Float32Array[],
  active: Uint8Array,
  {
    sampleRate,
    frameHop,
    depthDb = RESIDUE_DUCK_DB,
  }: { sampleRate: Hz; frameHop: Seconds; depthDb?: Decibels },
): Float32Array[] {
  const [left, right = left] = channels as [Float32Array, Float32Array?];
  const n = left.length;
  const mid = new Float32Array(n);
  for (let i = 0; i < n; i++) mid[i] = 0.5 * (left[i]! + right[i]!);
  const low = mid.slice();
  new Biquad({ type: 'lowpass', frequency: DUCK_LOW, sampleRate, q: 0.707 }).process(low);
  const high = mid.slice();
  new Biquad({ type: 'highpass', frequency: DUCK_HIGH, sampleRate, q: 0.707 }).process(high);
  // Gain per sample: attack 20 ms, release 150 ms, so the duck breathes with the phrases.
  const floor = dbToGain(depthDb);
  const hop = frameHop * sampleRate;
  const attack = Math.exp(-1 / (0.02 * sampleRate));
  const release = Math.exp(-1 / (0.15 * sampleRate));
  const outLeft = left.slice();
  const outRight = channels.length > 1 ? right.slice() : outLeft;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const want = active[Math.floor(i / hop)] ? 1 : 0;
    depth = want > depth ? attack * depth + (1 - attack) * want : release * depth + (1 - release) * want;
    if (depth < 1e-4) continue;
    const band = mid[i]! - low[i]! - high[i]!;
    const cut = band * depth * (1 - floor);
    outLeft[i]! -= cut;
    if (outRight !== outLeft) outRight[i]! -= cut;
  }
  return channels.length > 1 ? [outLeft, outRight] : [outLeft];
}

/**
 * Moves the accompaniment by a key shift that is not whole octaves (Rubber Band, length kept), so
 * a vocal sung that much higher or lower stays in the song's key. Whole octaves leave it as it is.
 */
export async function shiftAccompaniment(
  channels: Float32Array[],
  shift: Semitones,
  sampleRate: Hz,
): Promise<Float32Array[]> {
  const within = shift - 12 * Math.trunc(shift / 12);
  if (Math.abs(within) < 1e-3) return channels;
  const out: Float32Array[] = [];
  for (const channel of channels)
    out.push(
      await stretch(channel, {
        sampleRate,
        timeRatio: 1,
        outputLength: channel.length,
        pitchScale: semitonesToRatio(within),
        engine: 'faster',
      }),
    );
  return out;
}

export interface CoverMixInput {
  /** The new vocal after the vocal chain (mono). */
  vocal: Float32Array;
  accompaniment: Float32Array[];
  /** The separated original lead: the new vocal takes its loudness, so the song's balance stays. */
  originalLead: Float32Array[];
  sampleRate: Hz;
  /** The person's change of the new vocal's level. */
  vocalLevelDb?: Decibels;
}

export interface CoverMix {
  mix: [Float32Array, Float32Array];
  vocalStem: [Float32Array, Float32Array];
  accompanimentStem: [Float32Array, Float32Array];
  vocalGainDb: Decibels;
}

/** Balance and space: the new vocal at the original lead's loudness (plus the person's level), a short plate-like reverb. */
export function mixCover(input: CoverMixInput): CoverMix {
  const { vocal, sampleRate } = input;
  const n = input.accompaniment[0]!.length;
  const [accL, accR = accL] = input.accompaniment as [Float32Array, Float32Array?];
  const leadLufs = integratedLoudness(input.originalLead, sampleRate).integrated;
  const vocalLufs = integratedLoudness([vocal, vocal], sampleRate).integrated;
  const accLufs = integratedLoudness([accL, accR], sampleRate).integrated;
  // Without a measurable original lead, sit the voice 1 LU over the accompaniment.
  const reference = Number.isFinite(leadLufs) ? leadLufs : accLufs + 1;
  const vocalGainDb =
    (Number.isFinite(vocalLufs) && Number.isFinite(reference) ? reference - vocalLufs : 0) +
    (input.vocalLevelDb ?? 0);
  const g = dbToGain(vocalGainDb);
  const dry = new Float32Array(n);
  for (let i = 0; i < Math.min(n, vocal.length); i++) dry[i] = vocal[i]! * g;
  const [wetL, wetR] = reverb(dry, { sampleRate, roomSize: 0.6, damping: 0.5 });
  const wet = 0.14;
  const vocalL = new Float32Array(n);
  const vocalR = new Float32Array(n);
  const mixL = new Float32Array(n);
  const mixR = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    vocalL[i] = dry[i]! + wet * wetL[i]!;
    vocalR[i] = dry[i]! + wet * wetR[i]!;
    mixL[i] = vocalL[i]! + accL[i]!;
    mixR[i] = vocalR[i]! + accR[i]!;
  }
  return {
    mix: [mixL, mixR],
    vocalStem: [vocalL, vocalR],
    accompanimentStem: [accL, accR],
    vocalGainDb,
  };
}
