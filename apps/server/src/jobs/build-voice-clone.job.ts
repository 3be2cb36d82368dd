import type { JobDeps } from './job-types.ts';
import type { JobHandler } from './job-queue.ts';

/** Builds an AI singer from its stored sample; a re-run after a crash finds it still processing. */
export const buildVoiceCloneJob: JobHandler<'build-voice-clone', JobDeps> = (payload, run, deps) =>
  deps.services.voiceClones.build(payload.voiceCloneId, run);
