import type { Hz, Seconds } from '../units.ts';
import { throwIfAborted } from '../errors.ts';
import { decodeWav } from '../io/wav-codec.ts';
import { toMono } from '../pcm-audio.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import {
  FRAME_HOP,
  frameStats,
  melCepstra,
  pitchAtFrames,
  speechMask,
  toFeatureRate,
  type CepstralFrames,
} from './speech-features.ts';
import { nearestDistanceMean, normalizeFrames, phoneTrack } from './exemplar-index.ts';
import { alignReading } from './guided-alignment.ts';
import { normalizeLine } from '../text/text-normalizer.ts';
import { VOICE_READING_SCRIPT } from '@bops/shared/api/voice-clone';

/** Bumped whenever the stored layout changes; older models are rebuilt from their sample. */
export const VOICE_MODEL_VERSION = 1;

/** TTS voices the AI singer can be driven by (what is said and when); the person supplies the sound. */
export const SOURCE_VOICES = ['rms', 'slt', 'awb', 'kal16'] as const;
export type SourceVoice = (typeof SOURCE_VOICES)[number];
/**
 * Candidates tried for each person when the caller names none. awb is left out by measurement: on
 * the three panel voices it had driven, content_kept rose from 0.42/0.37/0.72 to 0.51/0.43/0.81
 * with another source (its Scottish pronunciations match the person's reading of the script worse).
 */
export const DEFAULT_SOURCE_VOICES: readonly SourceVoice[] = ['rms', 'slt', 'kal16'];

/** Vocal-tract warps tried when matching the source voice's phones to the person's. */
const WARPS = [0.8, 0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.15, 1.2, 1.25];

/**
 * Read by the source voice when a model is built: its cepstral and pitch statistics, and the warp that
 * best matches its sounds to the person's. Phonetically varied, about 12 seconds.
 */
export const SOURCE_REFERENCE_TEXT = [
  'the quick brown fox jumps over the lazy dog while she sells sea shells by the shore',
  'we were away a year ago and now the bright blue water looks just like glass',
  'my thick rough voice should judge each measure and push through the heavy rhythm',
  'how much wood would a woodchuck chuck if only it could find the good oak',
].join(' ');

/** What a person reads aloud to enrol; part of the API contract because the web app shows it. */
export { VOICE_READING_SCRIPT };

export interface VoiceModelSummary {
  version: number;
  durationSeconds: Seconds;
  speechSeconds: Seconds;
  voicedSeconds: Seconds;
  pitch: { medianHz: Hz; minHz: Hz; maxHz: Hz };
  sourceVoice: SourceVoice;
  /** Vocal-tract warp of the source voice's analysis that best matches the person's sounds. */
  warp: number;
  /** The person's pitch over the source voice's (median ratio): what a global tint would shift by. */
  pitchRatio: number;
  /** Whether the sample was aligned with a known reading (the guided script). */
  guided: boolean;
  buildSeconds: Seconds;
  /** CPU time of the build (user + system): the wall clock on a shared machine overstates it. */
  buildCpuSeconds: Seconds;
  modelBytes: number;
}

/** Everything the cloned voice needs at render time (the deserialised model). */
export interface VoiceModel {
  summary: VoiceModelSummary;
  sampleRate: Hz;
  /** The person's cleaned recording: the sound every output grain is cut from. */
  audio: Float32Array;
  frames: CepstralFrames;
  /** Cepstra normalised by the person's own speech statistics, what the selection compares. */
  normalized: Float32Array;
  /** Guided reading only: the source voice's aligned frame for each recorded frame. */
  paired?: Float32Array | undefined;
  /** Guided reading only: the phone id (PHONE_SET) the person was saying in each recorded frame. */
  phones?: Uint8Array | undefined;
  f0: Float32Array;
  speech: Uint8Array;
  /** Glottal pulse positions (audio samples) in voiced stretches, with the local period. */
  marks: Int32Array;
  periods: Float32Array;
  logF0: { mean: number; std: number };
  source: {
    voice: SourceVoice;
    warp: number;
    mean: Float32Array;
    std: Float32Array;
    logF0: { mean: number; std: number };
    levelDb: number;
  };
  targetLevelDb: number;
}

export interface BuildVoiceModelOptions {
  signal?: AbortSignal;
  /** Candidate source voices; the one whose sounds best match the person's is kept. */
  sourceVoices?: readonly SourceVoice[];
  /** The text the person read, when the sample is a guided reading (e.g. VOICE_READING_SCRIPT). */
  transcript?: string;
  /** Told once the source voice is chosen and the model itself is being built (progress reporting). */
  onSourceVoiceChosen?: () => void;
}

const fliteBackend = new FliteVoiceBackend();

interface SourceAnalysis {
  voice: SourceVoice;
  signal: Float32Array;
  f0: Float32Array;
  levelDb: Float32Array;
  speech: Uint8Array;
}

const sourceCache = new Map<SourceVoice, Promise<SourceAnalysis>>();

/** The source voice reading the reference text (cached per process: it never changes). */
function analyseSource(voice: SourceVoice): Promise<SourceAnalysis> {
  let cached = sourceCache.get(voice);
  if (!cached) {
    cached = (async () => {
      const speech = await fliteBackend.synthesize({ text: SOURCE_REFERENCE_TEXT, voice });
      const signal = toFeatureRate(speech.samples, speech.sampleRate);
      const plain = melCepstra(signal);
      return {
        voice,
        signal,
        f0: pitchAtFrames(signal, plain.frameCount),
        levelDb: plain.levelDb,
        speech: speechMask(plain.levelDb),
      };
    })();
    sourceCache.set(voice, cached);
  }
  return cached;
}

function logF0Stats(f0: Float32Array, mask?: Uint8Array): { mean: number; std: number; values: number[] } {
  const values: number[] = [];
  for (let f = 0; f < f0.length; f++) if (f0[f]! > 0 && (!mask || mask[f])) values.push(Math.log(f0[f]!));
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length);
  return { mean, std: Math.sqrt(variance) || 0.1, values };
}

const medianOf = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
};

/**
 * Glottal pulse marks for pitch-synchronous grains, at one phase of the cycle throughout each
 * voiced stretch: anchored on the stretch's strongest sample (the clearest excitation), then
 * walked forwards and backwards one period at a time to where the waveform best repeats the
 * current cycle (normalised cross-correlation, 0.8–1.25 periods on). Snapping each mark to the
 * highest peak instead flipped between the two peaks of a cycle whose first formant rings
 * (marks 120–220 samples apart in phase), and every flip became a period a fifth long in the
 * output, heard and tracked as a dip of over 3 semitones. Each mark's period is its spacing to
 * its neighbours.
 */
export function findPitchMarks(
  audio: Float32Array,
  sampleRate: Hz,
  f0: Float32Array,
): { marks: Int32Array; periods: Float32Array } {
  const marks: number[] = [];
  const periods: number[] = [];
  const hop = FRAME_HOP * sampleRate;
  let f = 0;
  while (f < f0.length) {
    if (!(f0[f]! > 0)) {
      f++;
      continue;
    }
    let end = f;
    while (end + 1 < f0.length && f0[end + 1]! > 0) end++;
    // The stretch's periods, folded into the octave of its median (a tracker's octave slip at an
    // onset would otherwise send the walk looking for a pulse twice as far away).
    const logs = Array.from(f0.subarray(f, end + 1), Math.log);
    const median = [...logs].sort((a, b) => a - b)[logs.length >> 1]!;
    const periodAt = (sample: number) => {
      const frame = Math.min(end, Math.max(f, Math.round(sample / hop))) - f;
      const l = logs[frame]!;
      return sampleRate / Math.exp(l - Math.LN2 * Math.round((l - median) / Math.LN2));
    };
    const from = Math.max(0, Math.round((f - 0.5) * hop));
    const to = Math.min(audio.length, Math.round((end + 0.5) * hop));
    let anchor = from;
    for (let i = from; i < to; i++) if (Math.abs(audio[i]!) > Math.abs(audio[anchor]!)) anchor = i;
    const before: number[] = [];
    const after: number[] = [];
    for (const direction of [1, -1] as const) {
      let position = anchor;
      for (;;) {
        const next = nextPulse(audio, position, periodAt(position), direction);
        if (next < from || next >= to) break;
        (direction > 0 ? after : before).push(next);
        position = next;
      }
    }
    const stretch = [...before.reverse(), anchor, ...after];
    for (let k = 0; k < stretch.length; k++) {
      const left = k > 0 ? stretch[k]! - stretch[k - 1]! : 0;
      const right = k + 1 < stretch.length ? stretch[k + 1]! - stretch[k]! : 0;
      marks.push(stretch[k]!);
      periods.push(left && right ? (left + right) / 2 : left || right || periodAt(stretch[k]!));
    }
    f = end + 1;
  }
  return { marks: Int32Array.from(marks), periods: Float32Array.from(periods) };
}

/** Bumped when findPitchMarks changes: a model's older marks are then found again when it is read. */
const PULSE_MARKING = 2;

/** Below this normalised correlation no lag repeats the cycle: the walk steps one expected period. */
const PULSE_MIN_CORRELATION = 0.3;

/**
 * The pulse one period after (direction 1) or before (-1) `position`: the lag in 0.8–1.25 periods
 * at which the waveform best repeats the cycle around `position`.
 */
function nextPulse(audio: Float32Array, position: number, period: number, direction: 1 | -1): number {
  const half = Math.round(0.6 * period);
  const lo = Math.round(0.8 * period);
  const hi = Math.round(1.25 * period);
  let best = Math.round(period);
  let bestScore = PULSE_MIN_CORRELATION;
  let own = 0;
  for (let i = -half; i <= half; i++) own += (audio[position + i] ?? 0) ** 2;
  for (let lag = lo; lag <= hi; lag++) {
    const other = position + direction * lag;
    let cross = 0;
    let energy = 0;
    for (let i = -half; i <= half; i++) {
      const x = audio[other + i] ?? 0;
      cross += (audio[position + i] ?? 0) * x;
      energy += x * x;
    }
    const score = cross / Math.sqrt(own * energy + 1e-20);
    if (score > bestScore) {
      bestScore = score;
      best = lag;
    }
  }
  return position + direction * best;
}

/**
 * Builds an AI singer's voice model from a prepared voice sample (mono WAV, see prepareVoiceSample):
 * the recording itself, its frame features, pitch marks and statistics, and the source voice (with
 * its vocal-tract warp) whose phones match the person's best.
 */
export async function buildVoiceModel(
  preparedWav: Uint8Array,
  options: BuildVoiceModelOptions = {},
): Promise<{ model: Uint8Array; summary: VoiceModelSummary }> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const { signal } = options;
  const pcm = decodeWav(preparedWav);
  const audio = toMono(pcm);
  const sampleRate = pcm.sampleRate;
  const at16k = toFeatureRate(audio, sampleRate);
  const frames = melCepstra(at16k);
  throwIfAborted(signal);
  const f0 = pitchAtFrames(at16k, frames.frameCount);
  const speech = speechMask(frames.levelDb);
  throwIfAborted(signal);
  const stats = frameStats(frames, speech);
  const normalized = normalizeFrames(frames, stats);
  const logF0 = logF0Stats(f0, speech);

  // Choose the source voice and its warp: the pair whose speech frames find the closest matches
  // among the person's (after each side's own normalisation) is the one selection works best from.
  let best: { voice: SourceVoice; warp: number; score: number; analysis: SourceAnalysis } | undefined;
  for (const voice of options.sourceVoices ?? DEFAULT_SOURCE_VOICES) {
    const analysis = await analyseSource(voice);
    for (const warp of WARPS) {
      throwIfAborted(signal);
      const warped = melCepstra(analysis.signal, { warp });
      const sourceNormalized = normalizeFrames(warped, frameStats(warped, analysis.speech));
      const score = nearestDistanceMean({
        query: sourceNormalized,
        queryMask: analysis.speech,
        index: normalized,
        indexMask: speech,
        dims: frames.dims,
        stride: 3,
      });
      if (!best || score < best.score) best = { voice, warp, score, analysis };
    }
  }
  if (!best) throw new Error('No source voice to build from.');
  options.onSourceVoiceChosen?.();
  const warpedSource = melCepstra(best.analysis.signal, { warp: best.warp });
  const sourceStats = frameStats(warpedSource, best.analysis.speech);
  const sourceLogF0 = logF0Stats(best.analysis.f0, best.analysis.speech);
  throwIfAborted(signal);
  const { marks, periods } = findPitchMarks(audio, sampleRate, f0);
  let paired: Float32Array | undefined;
  let phones: Uint8Array | undefined;
  const spokenScript = options.transcript
    ? options.transcript
        .split(/\n+/)
        .flatMap((line) => normalizeLine(line).flatMap((t) => t.spoken))
        .join(' ')
    : '';
  if (spokenScript) {
    const reading = await fliteBackend.synthesize({ text: spokenScript, voice: best.voice });
    const readingFrames = melCepstra(toFeatureRate(reading.samples, reading.sampleRate), { warp: best.warp });
    throwIfAborted(signal);
    const path = alignReading({
      person: normalized,
      personFrames: frames.frameCount,
      // Each side normalised by its own statistics, so the alignment compares sounds, not voices.
      source: normalizeFrames(readingFrames, frameStats(readingFrames, speechMask(readingFrames.levelDb))),
      sourceFrames: readingFrames.frameCount,
      dims: frames.dims,
      ...(signal ? { signal } : {}),
    });
    throwIfAborted(signal);
    // Stored with the statistics render-time queries use, so paired and query frames compare directly.
    const readingNormalized = normalizeFrames(readingFrames, sourceStats);
    const readingPhones = phoneTrack(
      reading.words.flatMap((w) => w.phones),
      readingFrames.frameCount,
      FRAME_HOP,
    );
    phones = Uint8Array.from(path, (s) => readingPhones[s]!);
    paired = new Float32Array(frames.frameCount * frames.dims);
    for (let u = 0; u < frames.frameCount; u++)
      paired.set(
        readingNormalized.subarray(path[u]! * frames.dims, (path[u]! + 1) * frames.dims),
        u * frames.dims,
      );
  }

  const voicedValues = logF0.values.map(Math.exp).sort((a, b) => a - b);
  const quantile = (q: number) => voicedValues[Math.floor(q * (voicedValues.length - 1))] ?? 0;
  const speechLevels = Array.from(frames.levelDb).filter((_, f) => speech[f]);
  const sourceLevels = Array.from(best.analysis.levelDb).filter((_, f) => best.analysis.speech[f]);
  const model: VoiceModel = {
    summary: {
      version: VOICE_MODEL_VERSION,
      durationSeconds: audio.length / sampleRate,
      speechSeconds: speechLevels.length * FRAME_HOP,
      voicedSeconds: logF0.values.length * FRAME_HOP,
      pitch: { medianHz: quantile(0.5), minHz: quantile(0.05), maxHz: quantile(0.95) },
      sourceVoice: best.voice,
      warp: best.warp,
      pitchRatio: Math.exp(logF0.mean - sourceLogF0.mean),
      guided: !!paired,
      buildSeconds: 0,
      buildCpuSeconds: 0,
      modelBytes: 0,
    },
    sampleRate,
    audio,
    frames,
    normalized,
    paired,
    phones,
    f0,
    speech,
    marks,
    periods,
    logF0: { mean: logF0.mean, std: logF0.std },
    source: {
      voice: best.voice,
      warp: best.warp,
      mean: sourceStats.mean,
      std: sourceStats.std,
      logF0: { mean: sourceLogF0.mean, std: sourceLogF0.std },
      levelDb: medianOf(sourceLevels),
    },
    targetLevelDb: medianOf(speechLevels),
  };
  model.summary.buildSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  model.summary.buildCpuSeconds = (cpu.user + cpu.system) / 1e6;
  // The size is part of the header it measures: settle it (the digits change at most once or twice).
  let bytes = serializeVoiceModel(model);
  for (let i = 0; i < 4 && bytes.length !== model.summary.modelBytes; i++) {
    model.summary.modelBytes = bytes.length;
    bytes = serializeVoiceModel(model);
  }
  return { model: bytes, summary: model.summary };
}

// ---- Serialisation: "BVM1", header length, JSON header, then 4-byte-aligned typed arrays. ----

type Section = Int16Array | Int32Array | Float32Array | Uint8Array;
const MAGIC = 'BVM1';

export function serializeVoiceModel(model: VoiceModel): Uint8Array {
  const pcm = new Int16Array(model.audio.length);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(model.audio[i]! * 32767)));
  const sections: [string, Section][] = [
    ['audio', pcm],
    ['cepstra', model.frames.cepstra],
    ['levelDb', model.frames.levelDb],
    ['f0', model.f0],
    ['speech', model.speech],
    ['marks', model.marks],
    ['periods', model.periods],
    ['sourceMean', model.source.mean],
    ['sourceStd', model.source.std],
    ...(model.paired ? [['paired', model.paired] as [string, Section]] : []),
    ...(model.phones ? [['phones', model.phones] as [string, Section]] : []),
  ];
  const header = JSON.stringify({
    summary: model.summary,
    sampleRate: model.sampleRate,
    frameCount: model.frames.frameCount,
    dims: model.frames.dims,
    logF0: model.logF0,
    source: {
      voice: model.source.voice,
      warp: model.source.warp,
      logF0: model.source.logF0,
      levelDb: model.source.levelDb,
    },
    targetLevelDb: model.targetLevelDb,
    pulseMarking: PULSE_MARKING,
    sections: sections.map(([name, data]) => ({ name, type: data.constructor.name, length: data.length })),
  });
  const headerBytes = new TextEncoder().encode(header);
  const align = (n: number) => (n + 3) & ~3;
  let size = align(8 + headerBytes.length);
  for (const [, data] of sections) size += align(data.byteLength);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  let offset = align(8 + headerBytes.length);
  for (const [, data] of sections) {
    out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offset);
    offset += align(data.byteLength);
  }
  return out;
}

interface Header {
  summary: VoiceModelSummary;
  sampleRate: Hz;
  frameCount: number;
  dims: number;
  logF0: { mean: number; std: number };
  source: { voice: SourceVoice; warp: number; logF0: { mean: number; std: number }; levelDb: number };
  targetLevelDb: number;
  /** The findPitchMarks method the stored marks come from (absent: the first one). */
  pulseMarking?: number;
  sections: { name: string; type: string; length: number }[];
}

export class VoiceModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VoiceModelError';
  }
}

export function deserializeVoiceModel(bytes: Uint8Array): VoiceModel {
  if (bytes.length < 8 || String.fromCharCode(...bytes.subarray(0, 4)) !== MAGIC)
    throw new VoiceModelError('Not a Bops voice model.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Header;
  if (header.summary.version !== VOICE_MODEL_VERSION)
    throw new VoiceModelError(`Voice model version ${header.summary.version} needs a rebuild.`);
  const align = (n: number) => (n + 3) & ~3;
  let offset = align(8 + headerLength);
  const sections = new Map<string, Section>();
  const constructors = { Int16Array, Int32Array, Float32Array, Uint8Array } as const;
  for (const s of header.sections) {
    const Type = constructors[s.type as keyof typeof constructors];
    if (!Type) throw new VoiceModelError(`Unknown section type ${s.type}.`);
    const byteLength = s.length * Type.BYTES_PER_ELEMENT;
    if (offset + byteLength > bytes.length) throw new VoiceModelError('The voice model is truncated.');
    // Copy: the stored bytes may sit at any alignment inside a larger buffer (and a Node Buffer's
    // slice is a view, not a copy).
    const copy = new Uint8Array(byteLength);
    copy.set(bytes.subarray(offset, offset + byteLength));
    sections.set(s.name, new Type(copy.buffer));
    offset += align(byteLength);
  }
  const get = <T extends Section>(name: string): T => {
    const s = sections.get(name);
    if (!s) throw new VoiceModelError(`The voice model lacks ${name}.`);
    return s as T;
  };
  const pcm = get<Int16Array>('audio');
  const audio = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) audio[i] = pcm[i]! / 32767;
  const frames: CepstralFrames = {
    cepstra: get<Float32Array>('cepstra'),
    frameCount: header.frameCount,
    dims: header.dims,
    levelDb: get<Float32Array>('levelDb'),
  };
  const speech = get<Uint8Array>('speech');
  const f0 = get<Float32Array>('f0');
  // Marks found by an older method are found again from the recording (a fifth of a second for 45 s).
  const pulses =
    header.pulseMarking === PULSE_MARKING
      ? { marks: get<Int32Array>('marks'), periods: get<Float32Array>('periods') }
      : findPitchMarks(audio, header.sampleRate, f0);
  return {
    summary: header.summary,
    sampleRate: header.sampleRate,
    audio,
    frames,
    normalized: normalizeFrames(frames, frameStats(frames, speech)),
    paired: sections.get('paired') as Float32Array | undefined,
    phones: sections.get('phones') as Uint8Array | undefined,
    f0,
    speech,
    marks: pulses.marks,
    periods: pulses.periods,
    logF0: header.logF0,
    source: {
      ...header.source,
      mean: get<Float32Array>('sourceMean'),
      std: get<Float32Array>('sourceStd'),
    },
    targetLevelDb: header.targetLevelDb,
  };
}
