import type { Decibels, Hz, Seconds, Semitones } from '../units.ts';
import { RenderInputError, throwIfAborted } from '../errors.ts';
import type { PcmAudio } from '../pcm-audio.ts';
import { decodeAudio } from '../io/audio-decoder.ts';
import { encodeMp3 } from '../io/mp3-encoder.ts';
import { encodeStem } from '../io/stem-encoder.ts';
import { resample } from '../dsp/resampler.ts';
import { processVocal } from '../mix/vocal-chain.ts';
import { master } from '../mix/mastering.ts';
import { extendBandwidth } from '../voice/bandwidth-extender.ts';
import { waveformPeaks } from '../render/song-outputs.ts';
import { FRAME_HOP } from '../voice-clone/speech-features.ts';
import { deserializeVoiceModel, VoiceModelError, type VoiceModel } from '../voice-clone/voice-model.ts';
import {
  COVER_MAX_SECONDS,
  COVER_MAX_SHIFT,
  COVER_MAX_VOCAL_LEVEL_DB,
  COVER_PHASES,
  type CoverPhase,
} from './cover-phases.ts';
import { autoShift, leadMelody, melodyMedian, type LeadPitch } from './lead-melody.ts';
import { convertLead } from './voice-conversion.ts';
import type { SelectionOptions } from '../voice-clone/exemplar-index.ts';
import { duckResidue, mixCover, shiftAccompaniment } from './cover-mixer.ts';
import { separateSong } from '../separation/song-separator.ts';

export { COVER_PHASES, type CoverPhase };

export interface CoverRequest {
  /** The encoded song file (mp3, wav, m4a, ogg, flac), at most 10 minutes. */
  song: Uint8Array;
  /** The stored AI singer model (as the build-voice-clone job stores it). */
  voiceModel: Uint8Array;
  title: string;
  singerName: string;
  /** 'auto' (default): whole octaves into the singer's range; or −12..+12 semitones. */
  shift?: Semitones | 'auto';
  /** Accepted for the interface; the conversion does not use it (see docs/ARCHITECTURE.md). */
  lyrics?: string;
  /** The new vocal's level relative to the default balance, −12..+12. */
  vocalLevel?: Decibels;
}

export interface CoverRender {
  /** Mastered cover, −14 LUFS. */
  mp3: Uint8Array;
  /** MP3 of the new vocal alone. */
  vocalStem: Uint8Array;
  /** MP3 of the accompaniment (the original lead's residue ducked). */
  accompanimentStem: Uint8Array;
  duration: Seconds;
  waveform: number[];
  appliedShift: Semitones;
  /** Only when asked for in the controls (tests and evaluations); not for the wire. */
  diagnostics?: CoverDiagnostics;
}

export interface CoverDiagnostics {
  sampleRate: Hz;
  /** The converted vocal before the vocal chain and mix. */
  vocal: Float32Array;
  /** The lead's melody (Hz per 10 ms frame, 0 = unvoiced), before and after the shift. */
  leadF0: Float32Array;
  targetF0: Float32Array;
  active: Uint8Array;
  warp: number;
  loudness: { integratedLufs: number; truePeakDbtp: number };
  phaseSeconds: Record<CoverPhase, number>;
}

export interface CoverControls {
  onProgress?: (phase: CoverPhase, fraction: number) => void;
  signal?: AbortSignal;
  /** Keep the converted vocal and the melodies in the result (tests, evaluations); not for the wire. */
  diagnostics?: boolean;
  /** Frame-selection settings other than the cover's defaults (evaluations tune them). */
  selection?: SelectionOptions;
}

/** What a separator gives the cover: the lead, the rest, and the lead's pitch. */
export interface CoverSeparation {
  vocals: PcmAudio;
  accompaniment: PcmAudio;
  leadPitch: LeadPitch;
}

export type CoverSeparator = (
  audio: PcmAudio,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
) => Promise<CoverSeparation>;

const SAMPLE_RATE: Hz = 44100;
const MIN_SECONDS: Seconds = 5;
const CODEC_PADDING: Seconds = 0.5;

/** Checks the parts of a request a person chose; throws RenderInputError with a readable message. */
export function validateCoverRequest(request: CoverRequest): void {
  if (!(request.song instanceof Uint8Array) || request.song.length === 0)
    throw new RenderInputError('The song file is empty.');
  if (!(request.voiceModel instanceof Uint8Array) || request.voiceModel.length === 0)
    throw new RenderInputError('The AI singer has no voice model yet.');
  const shift = request.shift ?? 'auto';
  if (
    shift !== 'auto' &&
    (typeof shift !== 'number' || !Number.isFinite(shift) || Math.abs(shift) > COVER_MAX_SHIFT)
  )
    throw new RenderInputError(
      `The key shift must be Auto or between −${COVER_MAX_SHIFT} and +${COVER_MAX_SHIFT} semitones.`,
    );
  const level = request.vocalLevel ?? 0;
  if (typeof level !== 'number' || !Number.isFinite(level) || Math.abs(level) > COVER_MAX_VOCAL_LEVEL_DB)
    throw new RenderInputError(
      `The vocal level must be between −${COVER_MAX_VOCAL_LEVEL_DB} and +${COVER_MAX_VOCAL_LEVEL_DB} dB.`,
    );
}

function readModel(bytes: Uint8Array): VoiceModel {
  try {
    return deserializeVoiceModel(bytes);
  } catch (error) {
    if (error instanceof VoiceModelError)
      throw new RenderInputError('The AI singer could not be read; please create it again.');
    throw error;
  }
}

/**
 * A song re-sung by a person's AI singer: decode (10-minute cap) → separate the lead from the rest →
 * the lead's melody, moved into the singer's range (or by the chosen shift) → the person's own
 * recorded frames chosen to match the lead's sounds, at its timing and loudness → vocal chain →
 * the original lead's residue ducked where the new voice sings → mix, master to −14 LUFS → MP3 and
 * stems. Plain data in and out: runs in a worker thread. Input a person chose that cannot be
 * covered throws AudioInputError or RenderInputError with a readable message.
 */
export function renderCover(request: CoverRequest, controls: CoverControls = {}): Promise<CoverRender> {
  return renderCoverWith(request, controls, separateSong);
}

/**
 * renderCover with a given separator (the engine's renderCover passes
 * its own; evaluations may pass known stems).
 */
export async function renderCoverWith(
  request: CoverRequest,
  controls: CoverControls,
  separate: CoverSeparator,
): Promise<CoverRender> {
  const { onProgress, signal } = controls;
  const phaseSeconds = Object.fromEntries(COVER_PHASES.map((p) => [p, 0])) as Record<CoverPhase, number>;
  let phaseStart = performance.now();
  let current: CoverPhase | undefined;
  const enter = (phase: CoverPhase) => {
    throwIfAborted(signal);
    const now = performance.now();
    if (current) {
      phaseSeconds[current] += (now - phaseStart) / 1000;
      onProgress?.(current, 1);
    }
    phaseStart = now;
    current = phase;
    onProgress?.(phase, 0);
  };

  enter('fetching-song');
  validateCoverRequest(request);
  const model = readModel(request.voiceModel);
  // Encoders pad a stream's ends (an MP3 of exactly 10:00 decodes to 10:00.05): allow that much.
  const decoded = await decodeAudio(request.song, { maxSeconds: COVER_MAX_SECONDS + CODEC_PADDING });
  if (decoded.durationSeconds < MIN_SECONDS)
    throw new RenderInputError(`The song is too short to cover (at least ${MIN_SECONDS} seconds).`);
  const song = toStereo44k(decoded);
  const n = song.channels[0]!.length;

  enter('separating-vocals');
  const separation = await separate(song, {
    ...(signal ? { signal } : {}),
    onProgress: (fraction) => onProgress?.('separating-vocals', fraction),
  });
  const vocals = toStereo44k(separation.vocals).channels.map((c) => fitLength(c, n));
  let accompaniment = toStereo44k(separation.accompaniment).channels.map((c) => fitLength(c, n));

  enter('tracking-melody');
  const frameCount = Math.ceil(n / SAMPLE_RATE / FRAME_HOP);
  const leadF0 = leadMelody(separation.leadPitch, { hop: FRAME_HOP, frameCount });
  const leadMedian = melodyMedian(leadF0);
  if (!(leadMedian > 0)) throw new RenderInputError('We could not hear a sung lead vocal in this song.');
  const shift = request.shift ?? 'auto';
  const appliedShift = shift === 'auto' ? autoShift(leadMedian, Math.exp(model.logF0.mean)) : shift;
  const ratio = 2 ** (appliedShift / 12);
  const targetF0 = leadF0.map((f) => f * ratio);

  enter('converting-voice');
  const leadMono = new Float32Array(n);
  for (let i = 0; i < n; i++) leadMono[i] = 0.5 * (vocals[0]![i]! + vocals[1]![i]!);
  const conversion = convertLead({
    lead: leadMono,
    sampleRate: SAMPLE_RATE,
    f0: targetF0,
    model,
    outputRate: SAMPLE_RATE,
    ...(controls.selection ? { selection: controls.selection } : {}),
    ...(signal ? { signal } : {}),
    onProgress: (fraction) => onProgress?.('converting-voice', fraction),
  });
  const converted = fitLength(conversion.vocal, n);

  enter('shaping-vocal');
  const vocal = converted.slice();
  // The person's recording stops at half its rate: restore the top octave next to a full-band song.
  extendBandwidth(vocal, { sampleRate: SAMPLE_RATE, amount: 0.6, sourceCutoff: 0.47 * model.sampleRate });
  processVocal(vocal, { sampleRate: SAMPLE_RATE, tone: { low: 0, presence: 1.5, air: 1 } });

  enter('mixing');
  accompaniment = duckResidue(accompaniment, conversion.active, {
    sampleRate: SAMPLE_RATE,
    frameHop: FRAME_HOP,
  });
  accompaniment = await shiftAccompaniment(accompaniment, appliedShift, SAMPLE_RATE);
  throwIfAborted(signal);
  const mixed = mixCover({
    vocal,
    accompaniment,
    originalLead: vocals,
    sampleRate: SAMPLE_RATE,
    vocalLevelDb: request.vocalLevel ?? 0,
  });

  enter('mastering');
  const mastered = master(mixed.mix, { sampleRate: SAMPLE_RATE, targetLufs: -14, ceilingDbtp: -1 });

  enter('encoding');
  const mp3 = await encodeMp3(
    { sampleRate: SAMPLE_RATE, channels: mastered.channels },
    { bitrateKbps: 192, signal },
  );
  onProgress?.('encoding', 0.5);
  // Stems carry the master's gain, so they line up with the cover when laid side by side.
  const stemGain = 10 ** (mastered.gainDb / 20);
  // The vocal stem in mono (the reverb's width is the only stereo in it) halves its encoding time.
  // Each at most −1 dBTP once encoded, as the cover is: at the master's gain the accompaniment alone
  // can peak above it where the master's limiter took the mix down.
  const vocalStem = await encodeStem([monoScaled(mixed.vocalStem, stemGain)], {
    sampleRate: SAMPLE_RATE,
    bitrateKbps: 96,
    signal,
  });
  onProgress?.('encoding', 0.75);
  const accompanimentStem = await encodeStem(
    mixed.accompanimentStem.map((c) => scaled(c, stemGain)),
    { sampleRate: SAMPLE_RATE, bitrateKbps: 128, signal },
  );
  const waveform = waveformPeaks(mastered.channels, 800);
  phaseSeconds.encoding += (performance.now() - phaseStart) / 1000;
  onProgress?.('encoding', 1);
  const loudness = {
    integratedLufs: Math.round(mastered.loudness.integratedLufs * 1000) / 1000,
    truePeakDbtp: Math.round(mastered.loudness.truePeakDbtp * 1000) / 1000,
  };
  return {
    mp3,
    vocalStem,
    accompanimentStem,
    duration: n / SAMPLE_RATE,
    waveform,
    appliedShift,
    ...(controls.diagnostics
      ? {
          diagnostics: {
            sampleRate: SAMPLE_RATE,
            vocal: converted,
            leadF0,
            targetF0,
            active: conversion.active,
            warp: conversion.warp,
            loudness,
            phaseSeconds,
          },
        }
      : {}),
  };
}

function toStereo44k(audio: PcmAudio): PcmAudio {
  const channels = audio.channels
    .slice(0, 2)
    .map((c) => (audio.sampleRate === SAMPLE_RATE ? c : resample(c, audio.sampleRate, SAMPLE_RATE)));
  if (channels.length === 1) channels.push(channels[0]!);
  return { sampleRate: SAMPLE_RATE, channels };
}

function fitLength(x: Float32Array, n: number): Float32Array {
  if (x.length === n) return x;
  const out = new Float32Array(n);
  out.set(x.subarray(0, n));
  return out;
}

function scaled(x: Float32Array, gain: number): Float32Array {
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = Math.max(-1, Math.min(1, x[i]! * gain));
  return out;
}

function monoScaled([left, right]: [Float32Array, Float32Array], gain: number): Float32Array {
  const out = new Float32Array(left.length);
  for (let i = 0; i < left.length; i++)
    out[i] = Math.max(-1, Math.min(1, 0.5 * (left[i]! + right[i]!) * gain));
  return out;
}
