import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';
import { deleteFilesJob } from './delete-files.job.ts';
import type { JobHandlers } from './job-queue.ts';

/** What job handlers may use. */
export interface JobDeps {
  db: Database;
  storage: Storage;
  cpu: CpuPool;
  logger: FastifyBaseLogger;
}

/** One handler per job type in job-types.ts; the type checker and start-up both insist on it. */
export const jobHandlers: JobHandlers<JobDeps> = {
  'delete-files': deleteFilesJob,
};
