import type { BeatsPerMinute, Decibels, Hz, Seconds } from '../units.ts';
import { decodeAudio, type DecodeLimits } from '../io/audio-decoder.ts';
import { toMono, type PcmAudio } from '../pcm-audio.ts';
import { measureLoudness } from './loudness-meter.ts';
import { pitchSummary, trackPitch } from './pitch-tracker.ts';
import { estimateTempoAndKey } from './tempo-key-estimator.ts';
import { detectOnsets } from './onset-detector.ts';
import { throwIfAborted } from '../errors.ts';

export interface AudioAnalysis {
  durationSeconds: Seconds;
  sampleRate: Hz;
  channels: number;
  integratedLufs: Decibels;
  truePeakDbtp: Decibels;
  /** null when tempo/key analysis was skipped (voice samples) or found nothing. */
  bpm: BeatsPerMinute | null;
  key: string | null;
  /** Seconds with a detectable pitch (speech or singing). */
  voicedSeconds: Seconds;
  /** Share of 50 ms windows below -50 dBFS RMS. */
  silenceRatio: number;
  /** Share of samples at full scale (runs of 2+ at |x| ≥ 0.999). */
  clippingRatio: number;
  pitch: { minHz: Hz; maxHz: Hz; medianHz: Hz };
  onsetsPerSecond: number;
}

export interface AnalyzeOptions extends DecodeLimits {
  /** Tempo and key cost ~1 s per minute; voice-sample checks can skip them. */
  tempoAndKey?: boolean;
  signal?: AbortSignal;
}

/** Everything Bops checks on an upload (voice samples, songs): one call, plain data out. */
export async function analyzeAudio(
  input: Uint8Array | PcmAudio,
  options: AnalyzeOptions = {},
): Promise<AudioAnalysis> {
  const audio: PcmAudio = input instanceof Uint8Array ? await decodeAudio(input, options) : input;
  throwIfAborted(options.signal);
  const { sampleRate, channels } = audio;
  const mono = toMono(audio);
  const durationSeconds = mono.length / sampleRate;
  const loudness = measureLoudness(channels, sampleRate);
  throwIfAborted(options.signal);
  const pitch = pitchSummary(trackPitch(mono, { sampleRate }));
  throwIfAborted(options.signal);
  let bpm: number | null = null;
  let key: string | null = null;
  if (options.tempoAndKey !== false && durationSeconds >= 4) {
    const tk = estimateTempoAndKey(mono, sampleRate);
    bpm = tk.bpm > 0 ? tk.bpm : null;
    key = tk.key;
  }
  const onsets = detectOnsets(mono, { sampleRate });
  return {
    durationSeconds,
    sampleRate,
    channels: channels.length,
    integratedLufs: round(loudness.integratedLufs),
    truePeakDbtp: round(loudness.truePeakDbtp),
    bpm,
    key,
    voicedSeconds: round(pitch.voicedSeconds),
    silenceRatio: round(silenceRatio(mono, sampleRate)),
    clippingRatio: clippingRatio(channels),
    pitch: { minHz: round(pitch.minHz), maxHz: round(pitch.maxHz), medianHz: round(pitch.medianHz) },
    onsetsPerSecond: round(onsets.length / Math.max(durationSeconds, 1e-9)),
  };
}

const round = (x: number) => (Number.isFinite(x) ? Math.round(x * 1000) / 1000 : x);

export function silenceRatio(mono: Float32Array, sampleRate: Hz, thresholdDb: Decibels = -50): number {
  // At least one sample per window: a window of 0 would never advance the loop.
  const window = Math.max(1, Math.round(0.05 * sampleRate));
  const threshold = 10 ** (thresholdDb / 20);
  let silent = 0;
  let total = 0;
  for (let i = 0; i + window <= mono.length; i += window) {
    let sum = 0;
    for (let k = i; k < i + window; k++) sum += mono[k]! * mono[k]!;
    if (Math.sqrt(sum / window) < threshold) silent++;
    total++;
  }
  return total ? silent / total : 1;
}

export function clippingRatio(channels: Float32Array[]): number {
  let clipped = 0;
  let total = 0;
  for (const ch of channels) {
    total += ch.length;
    for (let i = 1; i < ch.length; i++)
      if (Math.abs(ch[i]!) >= 0.999 && Math.abs(ch[i - 1]!) >= 0.999) clipped++;
  }
  return total ? clipped / total : 0;
}
