import { dbToGain, gainToDb, type Decibels, type Hz } from '../units.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { limit } from '../dsp/dynamics.ts';
import { truePeak } from '../analysis/loudness-meter.ts';
import { decodeAudio } from './audio-decoder.ts';
import { encodeMp3, type Mp3Bitrate } from './mp3-encoder.ts';

/** A stem's true peak once encoded: below the mix's ceiling too, as the master's. */
const STEM_TRUE_PEAK_DB: Decibels = -1;
/** Margin under it that the check aims for. */
const STEM_MARGIN_DB: Decibels = 0.2;
/** The limiter's first ceiling (sample peak); lowered when the encoded stem overshoots. */
const STEM_CEILING_DB: Decibels = -2.2;
/** Encodings after the first, each limited lower. */
const RETRIES = 2;

export interface StemEncodingOptions {
  sampleRate: Hz;
  bitrateKbps: Mp3Bitrate;
  signal?: AbortSignal | undefined;
}

/**
 * A stem (its channels are filtered in place) as MP3 at most −1 dBTP: low-passed, limited, encoded,
 * then decoded and measured; when its true peak is over −1.2 dBTP it is limited lower by the excess
 * and encoded again, at most twice more. Limited to −2.2 dBFS and no more, MC Volt's 96 kbit/s
 * vocal stem came out of the encoder at −0.9 dBTP.
 */
export async function encodeStem(
  channels: Float32Array[],
  { sampleRate, bitrateKbps, signal }: StemEncodingOptions,
): Promise<Uint8Array> {
  // The MP3 keeps nothing above ~15 kHz: cut it first, so the limiter sees the peaks the encoder
  // will rebuild (a bright vocal otherwise overshot to −0.2 dBTP after encoding).
  for (const c of channels)
    for (let k = 0; k < 2; k++)
      new Biquad({ type: 'lowpass', frequency: 15000, sampleRate, q: 0.7 }).process(c);
  let ceilingDb = STEM_CEILING_DB;
  for (let pass = 0; ; pass++) {
    const limited = channels.map((c) => c.slice());
    limit(limited, { ceiling: dbToGain(ceilingDb), lookahead: 0.005, release: 0.08, sampleRate });
    const mp3 = await encodeMp3({ sampleRate, channels: limited }, { bitrateKbps, signal });
    const decoded = await decodeAudio(mp3, { maxBytes: Infinity, maxSeconds: Infinity });
    const peakDb = gainToDb(truePeak(decoded.channels).truePeak);
    const over = peakDb - (STEM_TRUE_PEAK_DB - STEM_MARGIN_DB);
    if (over <= 0 || pass === RETRIES) return mp3;
    ceilingDb -= over + 0.1;
  }
}
