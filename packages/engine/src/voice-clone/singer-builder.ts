import type { AiSingerBuildPhase } from '@bops/shared/api/voice-clone';
import { throwIfAborted } from '../errors.ts';
import { prepareVoiceSample, type PreparedVoice } from './voice-sample.ts';
import { buildVoiceModel, type VoiceModelSummary } from './voice-model.ts';

export interface BuiltSinger {
  /** The cleaned voice (mono WAV) the model was built from. */
  prepared: PreparedVoice;
  /** The stored AI singer: what `createClonedVoiceBackend` and the CLI's `--singer` read. */
  model: Uint8Array;
  summary: VoiceModelSummary;
}

/**
 * An AI singer from an accepted voice sample (see checkVoiceSample): the sample is cleaned, then
 * the voice model is built, aligned to `transcript` when the person read a known text. The one path
 * from a sample to a model: the server's build job and `bops-engine singer build` both run it.
 * A sample the clean-up refuses throws AudioInputError with what to fix.
 */
export async function buildSingerFromSample(
  sample: Uint8Array,
  options: {
    transcript?: string;
    signal?: AbortSignal;
    /** Told as each phase starts (the engine's part of `AI_SINGER_BUILD_PHASES`). */
    onPhase?: (phase: Exclude<AiSingerBuildPhase, 'saving'>) => void;
  } = {},
): Promise<BuiltSinger> {
  const { signal, transcript, onPhase } = options;
  onPhase?.('reading');
  const prepared = await prepareVoiceSample(sample, {
    ...(signal ? { signal } : {}),
    onDecoded: () => onPhase?.('cleaning'),
  });
  throwIfAborted(signal);
  onPhase?.('finding-voice');
  const built = await buildVoiceModel(prepared.wav, {
    ...(transcript ? { transcript } : {}),
    ...(signal ? { signal } : {}),
    onSourceVoiceChosen: () => onPhase?.('building'),
  });
  return { prepared, model: built.model, summary: built.summary };
}
