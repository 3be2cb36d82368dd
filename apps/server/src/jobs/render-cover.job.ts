import type { JobDeps } from './job-types.ts';
import type { JobHandler } from './job-queue.ts';

/** Renders a song cover; re-running after a crash picks up a task that is not yet completed. */
export const renderCoverJob: JobHandler<'render-cover', JobDeps> = (payload, run, deps) =>
  deps.services.songCovers.render(payload.taskId, run);
