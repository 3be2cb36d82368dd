import { z } from 'zod';
import type { QueueOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Services } from '../services/services.ts';
import type { Storage } from '../storage/storage.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';

/** Retry and expiry for every queue unless a job type says otherwise. */
const defaultQueueOptions: QueueOptions = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  // Workers heartbeat every few seconds; a SIGKILLed worker's job is retried once this lapses.
  heartbeatSeconds: 15,
  expireInSeconds: 30 * 60,
  deleteAfterSeconds: 7 * 24 * 3600,
};

/**
 * Every job type Bops runs: its payload schema and queue options. A handler for each lives in
 * `<name>.job.ts` and is listed in job-handlers.ts; start-up refuses to run with one missing.
 */
export const jobTypes = {
  'delete-files': {
    payload: z.object({ keys: z.array(z.string().min(1)).min(1).max(1000) }),
    queue: { ...defaultQueueOptions, expireInSeconds: 10 * 60 },
  },
  'render-rap': {
    payload: z.object({ taskId: z.string().uuid() }),
    queue: { ...defaultQueueOptions, retryLimit: 2, expireInSeconds: 20 * 60 },
  },
  'render-cover': {
    payload: z.object({ taskId: z.string().uuid() }),
    // A 10-minute song, fetched from a link and covered on a busy machine, stays well inside 30 minutes.
    queue: { ...defaultQueueOptions, retryLimit: 2, expireInSeconds: 30 * 60 },
  },
  'render-catalog-asset': {
    payload: z.object({ kind: z.enum(['music-selection', 'artist-preview']), id: z.string().min(1).max(80) }),
    queue: { ...defaultQueueOptions, expireInSeconds: 10 * 60 },
  },
  'seed-demo-songs': {
    payload: z.object({ demoId: z.string().min(1).max(80) }),
    queue: { ...defaultQueueOptions, retryLimit: 2, expireInSeconds: 20 * 60 },
  },
  'build-voice-clone': {
    payload: z.object({ voiceCloneId: z.string().uuid() }),
    queue: { ...defaultQueueOptions, retryLimit: 2, expireInSeconds: 10 * 60 },
  },
} satisfies Record<string, { payload: z.ZodType; queue: QueueOptions }>;

export type JobName = keyof typeof jobTypes;
export type JobPayload<N extends JobName> = z.infer<(typeof jobTypes)[N]['payload']>;
export const jobNames = Object.keys(jobTypes) as JobName[];

/** What job handlers may use. */
export interface JobDeps {
  db: Database;
  storage: Storage;
  cpu: CpuPool;
  logger: FastifyBaseLogger;
  services: Services;
}
