import type { Hz } from '../units.ts';
import type { SpeechSynthesis, SynthesisRequest, VoiceBackend } from '../voice/voice-backend.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import { FRAME_HOP, melCepstra, pitchAtFrames, toFeatureRate } from './speech-features.ts';
import { normalizeFrames, phoneTrack, selectExemplars, type SelectionOptions } from './exemplar-index.ts';
import { synthesizeGrains } from './grain-synthesizer.ts';
import { deserializeVoiceModel, type VoiceModel } from './voice-model.ts';

export interface ClonedVoiceOptions {
  /** The TTS that decides what is said and when (default: Flite with the model's source voice). */
  sourceBackend?: VoiceBackend;
  selection?: SelectionOptions;
}

/** Frames more than this far under the source's typical speech level are silence in the output. */
const SILENCE_BELOW_DB = 35;

/**
 * Output pitch per frame: the source's intonation moved into the person's register (log-f0 mean
 * and spread), or, for a sung note, the note moved by octaves to sit nearest the person's median.
 */
export function mapPitch(o: {
  sourceF0: Float32Array;
  model: VoiceModel;
  noteHz?: Hz;
  sourceNoteHz?: Hz;
}): Float32Array {
  const { model } = o;
  const spread = Math.min(2, Math.max(0.5, model.logF0.std / model.source.logF0.std));
  const median = Math.exp(model.logF0.mean);
  const note = o.noteHz ? o.noteHz * 2 ** Math.round(Math.log2(median / o.noteHz)) : 0;
  return o.sourceF0.map((f) => {
    if (!(f > 0)) return 0;
    if (note && o.sourceNoteHz) return note * (f / o.sourceNoteHz);
    return Math.exp(model.logF0.mean + (Math.log(f) - model.source.logF0.mean) * spread);
  });
}

/**
 * A VoiceBackend that sings in a person's voice: the source TTS says the line (timings and phones
 * come from it unchanged), and every sample of the output is cut from the person's own recording,
 * chosen frame by frame to match what the source says, at the source's timing and the person's pitch.
 */
export function createClonedVoiceBackend(
  model: Uint8Array | VoiceModel,
  options: ClonedVoiceOptions = {},
): VoiceBackend & { readonly model: VoiceModel } {
  const voice = model instanceof Uint8Array ? deserializeVoiceModel(model) : model;
  const source = options.sourceBackend ?? new FliteVoiceBackend();
  const sourceVoice = voice.source.voice;
  return {
    id: 'cloned-voice',
    model: voice,
    async prepare(lines: readonly string[]): Promise<void> {
      await source.prepare?.(lines, sourceVoice);
    },
    async synthesize(request: SynthesisRequest): Promise<SpeechSynthesis> {
      // A sung note is asked of the source in its own register, then moved into the person's.
      const sourceNoteHz = request.pitchHz
        ? request.pitchHz * 2 ** Math.round(Math.log2(Math.exp(voice.source.logF0.mean) / request.pitchHz))
        : undefined;
      const spoken = await source.synthesize({
        text: request.text,
        voice: sourceVoice,
        ...(request.durationScale !== undefined ? { durationScale: request.durationScale } : {}),
        ...(sourceNoteHz ? { pitchHz: sourceNoteHz, pitchRangeHz: request.pitchRangeHz ?? 0 } : {}),
      });
      return renderInVoice({ voice, spoken, noteHz: request.pitchHz, sourceNoteHz, options });
    },
  };
}

/**
 * The source's intonation made singable: unvoiced gaps of up to 40 ms inside a voiced stretch are
 * bridged (a tracker drop-out, not a consonant), frames an octave off their stretch's median are
 * folded back, and the log-f0 is smoothed over ±20 ms, so the output pitch never jumps.
 */
export function smoothContour(f0: Float32Array): Float32Array {
  const out = f0.slice();
  const n = out.length;
  for (let f = 1; f < n; f++) {
    if (out[f]! > 0 || !(out[f - 1]! > 0)) continue;
    let end = f;
    while (end < n && !(out[end]! > 0)) end++;
    if (end < n && end - f <= 4) {
      const a = Math.log(out[f - 1]!);
      const b = Math.log(out[end]!);
      for (let k = f; k < end; k++) out[k] = Math.exp(a + ((b - a) * (k - f + 1)) / (end - f + 1));
    }
    f = end;
  }
  let f = 0;
  while (f < n) {
    if (!(out[f]! > 0)) {
      f++;
      continue;
    }
    let end = f;
    while (end < n && out[end]! > 0) end++;
    const logs = Array.from(out.subarray(f, end), Math.log);
    const median = [...logs].sort((x, y) => x - y)[logs.length >> 1]!;
    const folded = logs.map((l) => l - Math.LN2 * Math.round((l - median) / Math.LN2));
    for (let k = 0; k < folded.length; k++) {
      let sum = 0;
      let count = 0;
      for (let j = Math.max(0, k - 2); j <= Math.min(folded.length - 1, k + 2); j++) {
        sum += folded[j]!;
        count++;
      }
      out[f + k] = Math.exp(sum / count);
    }
    f = end;
  }
  return out;
}

/** Turns one source rendering into the person's voice (exported for the evaluation and tests). */
export function renderInVoice(o: {
  voice: VoiceModel;
  spoken: SpeechSynthesis;
  noteHz?: Hz | undefined;
  sourceNoteHz?: Hz | undefined;
  options?: ClonedVoiceOptions;
}): SpeechSynthesis {
  const { voice, spoken } = o;
  const at16k = toFeatureRate(spoken.samples, spoken.sampleRate);
  const frames = melCepstra(at16k, { warp: voice.source.warp });
  const sourceF0 = smoothContour(pitchAtFrames(at16k, frames.frameCount));
  const f0 = mapPitch({
    sourceF0,
    model: voice,
    ...(o.noteHz ? { noteHz: o.noteHz } : {}),
    ...(o.sourceNoteHz ? { sourceNoteHz: o.sourceNoteHz } : {}),
  });
  const normalized = normalizeFrames(frames, { mean: voice.source.mean, std: voice.source.std });
  const selection = selectExemplars(
    {
      frames: normalized,
      frameCount: frames.frameCount,
      f0,
      phones: phoneTrack(
        spoken.words.flatMap((w) => w.phones),
        frames.frameCount,
        FRAME_HOP,
      ),
    },
    {
      frames: voice.normalized,
      frameCount: voice.frames.frameCount,
      dims: voice.frames.dims,
      f0: voice.f0,
      speech: voice.speech,
      paired: voice.paired,
      phones: voice.phones,
    },
    // Voicing follows the source's: a voiced sound taking a breathy or silent frame is heard as a break.
    { voicingCost: 10, ...o.options?.selection },
  );
  const active = Uint8Array.from(frames.levelDb, (l) =>
    l > voice.source.levelDb - SILENCE_BELOW_DB ? 1 : 0,
  );
  const levelDb = Float32Array.from(frames.levelDb, (l) => l - voice.source.levelDb + voice.targetLevelDb);
  const outputLength = Math.round((spoken.samples.length / spoken.sampleRate) * voice.sampleRate);
  const samples = synthesizeGrains(
    {
      audio: voice.audio,
      sampleRate: voice.sampleRate,
      f0: voice.f0,
      marks: voice.marks,
      periods: voice.periods,
    },
    { selection, f0, active, levelDb, outputLength },
  );
  return { samples, sampleRate: voice.sampleRate, words: spoken.words };
}
