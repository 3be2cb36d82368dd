import { deleteFilesJob } from './delete-files.job.ts';
import type { JobHandlers } from './job-queue.ts';
import type { JobDeps } from './job-types.ts';
import { renderRapJob } from './render-rap.job.ts';
import { renderCoverJob } from './render-cover.job.ts';
import { renderCatalogAssetJob } from './render-catalog-asset.job.ts';
import { buildVoiceCloneJob } from './build-voice-clone.job.ts';
import { seedDemoSongsJob } from './seed-demo-songs.job.ts';

/** One handler per job type in job-types.ts; the type checker and start-up both insist on it. */
export const jobHandlers: JobHandlers<JobDeps> = {
  'delete-files': deleteFilesJob,
  'render-rap': renderRapJob,
  'render-cover': renderCoverJob,
  'render-catalog-asset': renderCatalogAssetJob,
  'build-voice-clone': buildVoiceCloneJob,
  'seed-demo-songs': seedDemoSongsJob,
};
