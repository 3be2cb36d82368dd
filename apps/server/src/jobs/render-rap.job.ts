import type { JobDeps } from './job-types.ts';
import type { JobHandler } from './job-queue.ts';

/** Renders a rap creation; re-running after a crash picks up a task that is not yet completed. */
export const renderRapJob: JobHandler<'render-rap', JobDeps> = (payload, run, deps) =>
  deps.services.creation.renderRap(payload.taskId, run);
