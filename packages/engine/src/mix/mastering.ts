import type { Decibels, Hz } from '../units.ts';
import { dbToGain } from '../units.ts';
import { limit } from '../dsp/dynamics.ts';
import { integratedLoudness, measureLoudness, type LoudnessReport } from '../analysis/loudness-meter.ts';
import { Biquad } from '../dsp/biquad-filter.ts';

/** Measured overshoot of decoded 192 kbit/s MP3 over its source's true peak, with room to spare. */
const MP3_MARGIN_DB = 0.7;

export interface MasterOptions {
  sampleRate: Hz;
  targetLufs?: Decibels;
  /** True-peak ceiling after encoding; the limiter aims lower because MP3 adds overshoot. */
  ceilingDbtp?: Decibels;
}

export interface MasterResult {
  channels: Float32Array[];
  loudness: LoudnessReport;
  gainDb: Decibels;
  limiterReductionDb: Decibels;
}

/**
 * Gain to the streaming target, then look-ahead limiting, measured and corrected twice:
 * limiting lowers loudness, so the second pass makes up what the first took away.
 */
export function master(input: Float32Array[], options: MasterOptions): MasterResult {
  const { sampleRate, targetLufs = -14, ceilingDbtp = -1 } = options;
  // Sub-sonic rumble eats headroom without being heard.
  const cleaned = input.map((ch) =>
    new Biquad({ type: 'highpass', frequency: 28, sampleRate }).process(ch.slice()),
  );
  const before = integratedLoudness(cleaned, sampleRate).integrated;
  if (!Number.isFinite(before)) {
    return {
      channels: cleaned,
      loudness: measureLoudness(cleaned, sampleRate),
      gainDb: 0,
      limiterReductionDb: 0,
    };
  }
  // MP3 encoding overshoots the PCM's true peak by up to ~0.7 dB on dense mixes.
  let limiterCeiling = ceilingDbtp - 0.9;
  let gainDb = targetLufs - before;
  let result: MasterResult | undefined;
  for (let pass = 0; pass < 4; pass++) {
    const g = dbToGain(gainDb);
    const channels = cleaned.map((ch) => {
      const out = new Float32Array(ch.length);
      for (let i = 0; i < ch.length; i++) out[i] = ch[i]! * g;
      return out;
    });
    const { gainReductionDb } = limit(channels, {
      ceiling: dbToGain(limiterCeiling),
      lookahead: 0.005,
      release: 0.08,
      sampleRate,
    });
    const loudness = measureLoudness(channels, sampleRate);
    result = { channels, loudness, gainDb, limiterReductionDb: gainReductionDb };
    const loudnessError = targetLufs - loudness.integratedLufs;
    const peakError = loudness.truePeakDbtp - (ceilingDbtp - MP3_MARGIN_DB);
    if (Math.abs(loudnessError) <= 0.3 && peakError <= 0) break;
    if (peakError > 0) limiterCeiling -= peakError + 0.1;
    gainDb += loudnessError;
  }
  return result!;
}
