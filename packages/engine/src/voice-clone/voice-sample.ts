import type { Decibels, Hz, Seconds } from '../units.ts';
import { dbToGain } from '../units.ts';
import { AudioInputError, throwIfAborted } from '../errors.ts';
import { decodeAudio, type AudioFormat } from '../io/audio-decoder.ts';
import { encodeWav } from '../io/wav-codec.ts';
import { analyzeAudio, type AudioAnalysis } from '../analysis/audio-analyzer.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import { filterChain } from '../dsp/biquad-filter.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { resample } from '../dsp/resampler.ts';
import { toMono, type PcmAudio } from '../pcm-audio.ts';

import { VOICE_SAMPLE_LIMITS } from './voice-sample-limits.ts';
export { VOICE_SAMPLE_LIMITS };

export type VoiceSampleProblemCode =
  | 'unsupported'
  | 'damaged'
  | 'too-short'
  | 'too-long'
  | 'silent'
  | 'single-tone'
  | 'clipped'
  | 'not-enough-voice';

export interface VoiceSampleProblem {
  code: VoiceSampleProblemCode;
  /** Shown to the person as is. */
  message: string;
}

export interface VoiceSampleReport {
  format: AudioFormat | null;
  analysis: AudioAnalysis | null;
  /** Seconds of voice heard (see heardVoiceSeconds); null when the file could not be read. */
  heardVoiceSeconds: Seconds | null;
  problem: VoiceSampleProblem | null;
}

const problems: Record<VoiceSampleProblemCode, string> = {
  unsupported: 'This file is not a recording we can read. Please upload a WAV, M4A, MP3 or OGG file.',
  damaged: 'This recording is damaged or incomplete. Please record or upload it again.',
  'too-short': 'Please record a voice sample that is at least 20 seconds long.',
  'too-long': 'Please keep the voice sample under 5 minutes.',
  silent: 'This recording is silent. Please check your microphone and record again.',
  'single-tone': 'This sounds like a single tone, not a voice. Please record yourself speaking and singing.',
  clipped:
    'This recording is distorted throughout (too loud). Please move away from the microphone and record again.',
  'not-enough-voice':
    'We could not hear enough of your voice. Please record at least 20 seconds of speaking or singing.',
};

const problem = (code: VoiceSampleProblemCode, message = problems[code]): VoiceSampleProblem => ({
  code,
  message,
});

/** Voice a sample must hold, as a listener hears it (voiced sound, at any pace or pitch). */
export const MIN_HEARD_VOICE_SECONDS: Seconds = 10;

/**
 * Seconds of voice in a recording as a listener hears it: frames with a pitch a listener would
 * hear, found with a lenient periodicity threshold. The analyser's strict threshold misses much
 * of a low, fast, breathy or diphone-synthesised voice (a 45 s reading by a low male diphone voice
 * counted 10 s there; Praat hears 22 s, and this 20 s).
 */
export function heardVoiceSeconds(audio: PcmAudio): Seconds {
  const track = trackPitch(toMono(audio), {
    sampleRate: audio.sampleRate,
    minFrequency: 60,
    maxFrequency: 600,
    threshold: 0.35,
  });
  let voiced = 0;
  for (const f of track.frequencies) if (f > 0) voiced++;
  return voiced * track.hop;
}

const wholeSeconds = (s: Seconds) => (s < 10 ? s.toFixed(1) : String(Math.round(s)));

function notEnoughVoice(heard: Seconds, duration: Seconds): VoiceSampleProblem {
  return problem(
    'not-enough-voice',
    `We heard only ${wholeSeconds(heard)} seconds of voice in your ${wholeSeconds(duration)}-second recording, ` +
      `and need at least ${MIN_HEARD_VOICE_SECONDS}. Please read the text aloud at your usual pace, close to ` +
      'the microphone in a quiet room, or record a little longer.',
  );
}

/** Decodes a sample within the voice limits, turning decoder refusals into the person's problem. */
async function decodeSample(
  bytes: Uint8Array,
): Promise<{ audio: PcmAudio; format: AudioFormat } | VoiceSampleProblem> {
  try {
    const decoded = await decodeAudio(bytes, {
      maxBytes: VOICE_SAMPLE_LIMITS.maxBytes,
      // Half a second of slack: a "5 minute" recording from a phone is rarely exact.
      maxSeconds: VOICE_SAMPLE_LIMITS.maxSeconds + 0.5,
    });
    if (!VOICE_SAMPLE_LIMITS.formats.includes(decoded.format)) return problem('unsupported');
    return { audio: decoded, format: decoded.format };
  } catch (error) {
    if (!(error instanceof AudioInputError)) throw error;
    if (error.code === 'too-long') return problem('too-long');
    if (error.code === 'unsupported') return problem('unsupported');
    return problem('damaged');
  }
}

/**
 * Checks a voice sample before an AI singer is built from it: long enough, not too long, and really a
 * voice — not silence, not a single test tone, not clipped throughout, with enough voiced sound.
 */
export async function checkVoiceSample(
  bytes: Uint8Array,
  options: { signal?: AbortSignal } = {},
): Promise<VoiceSampleReport> {
  const decoded = await decodeSample(bytes);
  if ('code' in decoded) return { format: null, analysis: null, heardVoiceSeconds: null, problem: decoded };
  throwIfAborted(options.signal);
  const analysis = await analyzeAudio(decoded.audio, {
    tempoAndKey: false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  throwIfAborted(options.signal);
  const heard = heardVoiceSeconds(decoded.audio);
  const report = (p: VoiceSampleProblem | null): VoiceSampleReport => ({
    format: decoded.format,
    analysis,
    heardVoiceSeconds: Math.round(heard * 10) / 10,
    problem: p,
  });
  if (analysis.durationSeconds < VOICE_SAMPLE_LIMITS.minSeconds) return report(problem('too-short'));
  if (analysis.silenceRatio > 0.95 || analysis.integratedLufs < -60) return report(problem('silent'));
  if (analysis.clippingRatio > 0.05) return report(problem('clipped'));
  // A voice moves: its pitch spans more than a semitone and it starts new sounds several times a second.
  const pitchSpan = analysis.pitch.maxHz > 0 ? analysis.pitch.maxHz / Math.max(analysis.pitch.minHz, 1) : 0;
  if (analysis.voicedSeconds > 5 && (pitchSpan < 1.06 || analysis.onsetsPerSecond < 0.3))
    return report(problem('single-tone'));
  // Speech is voiced about half the time; less than 10 s heard in the whole sample is not enough to learn from.
  if (heard < MIN_HEARD_VOICE_SECONDS) return report(notEnoughVoice(heard, analysis.durationSeconds));
  return report(null);
}

export interface PreparedVoice {
  /** Mono 16-bit WAV at `sampleRate`, trimmed, hum- and hiss-reduced, at -20 LUFS. */
  wav: Uint8Array;
  sampleRate: Hz;
  durationSeconds: Seconds;
  analysis: AudioAnalysis;
}

const TARGET_RATE: Hz = 22050;
const TARGET_LOUDNESS: Decibels = -20;

/**
 * Cleans an accepted sample into what the voice builder works from: rumble removed, pauses longer
 * than 300 ms shortened, background hiss between words pulled down, loudness normalised.
 */
export async function prepareVoiceSample(
  bytes: Uint8Array,
  options: { signal?: AbortSignal; onDecoded?: () => void } = {},
): Promise<PreparedVoice> {
  const decoded = await decodeSample(bytes);
  if ('code' in decoded) throw new AudioInputError(decoded.message, 'invalid');
  options.onDecoded?.();
  const rate = decoded.audio.sampleRate;
  let mono = filterChain(toMono(decoded.audio), [
    { type: 'highpass', frequency: 70, q: 0.707, sampleRate: rate },
  ]);
  throwIfAborted(options.signal);
  mono = gateAndTrim(mono, rate);
  const resampled = rate === TARGET_RATE ? mono : resample(mono, rate, TARGET_RATE);
  const loudness = measureLoudness([resampled], TARGET_RATE);
  const gain = Number.isFinite(loudness.integratedLufs)
    ? dbToGain(TARGET_LOUDNESS - loudness.integratedLufs)
    : 1;
  const peak = resampled.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
  const safeGain = Math.min(gain, peak > 0 ? 0.97 / peak : gain);
  for (let i = 0; i < resampled.length; i++) resampled[i]! *= safeGain;
  const audio: PcmAudio = { sampleRate: TARGET_RATE, channels: [resampled] };
  const analysis = await analyzeAudio(audio, { tempoAndKey: false });
  return {
    wav: encodeWav(audio),
    sampleRate: TARGET_RATE,
    durationSeconds: resampled.length / TARGET_RATE,
    analysis,
  };
}

/**
 * A downward expander on 20 ms frames: frames near the noise floor (the quietest tenth of the
 * recording) are attenuated, and runs of them longer than 300 ms are cut to 300 ms with short fades.
 */
export function gateAndTrim(samples: Float32Array, sampleRate: Hz): Float32Array {
  const frame = Math.max(1, Math.round(sampleRate * 0.02));
  const frames = Math.floor(samples.length / frame);
  if (frames < 10) return samples.slice();
  const levels = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += samples[i]! * samples[i]!;
    levels[f] = 10 * Math.log10(sum / frame + 1e-12);
  }
  const sorted = Array.from(levels).sort((a, b) => a - b);
  const floor = sorted[Math.floor(frames * 0.1)]!;
  const loud = sorted[Math.floor(frames * 0.9)]!;
  // Quiet frames sit within 6 dB of the floor, and well below the voice.
  const threshold = Math.min(floor + 6, loud - 20);
  const quiet = Array.from(levels, (level) => level < threshold);
  const out = new Float32Array(frames * frame);
  let written = 0;
  const keepQuietFrames = Math.round(0.3 / 0.02);
  let run = 0;
  let previousGain = 1;
  for (let f = 0; f < frames; f++) {
    run = quiet[f] ? run + 1 : 0;
    // What is cut sits between quiet frames at a quarter gain, so the joins stay inaudible.
    if (quiet[f] && run > keepQuietFrames) continue;
    const gain = quiet[f] ? 0.25 : 1;
    // Ramp across the frame so gain changes never step.
    for (let i = 0; i < frame; i++) {
      const g = previousGain + ((gain - previousGain) * i) / frame;
      out[written++] = samples[f * frame + i]! * g;
    }
    previousGain = gain;
  }
  return out.slice(0, written);
}
