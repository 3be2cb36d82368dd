import type { JobHandler } from './job-queue.ts';
import type { JobDeps } from './job-types.ts';

/** Removes stored files of something deleted; missing files are fine, so a retry is safe. */
export const deleteFilesJob: JobHandler<'delete-files', JobDeps> = async (payload, _run, deps) => {
  for (const key of payload.keys) await deps.storage.delete(key);
};
