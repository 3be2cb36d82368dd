import type { JobDeps } from './job-types.ts';
import type { JobHandler } from './job-queue.ts';

/** Renders one of the demo songs of the "Demo" playlist; a song already made is skipped. */
export const seedDemoSongsJob: JobHandler<'seed-demo-songs', JobDeps> = (payload, run, deps) =>
  deps.services.demoSongs.render(payload.demoId, { signal: run.signal, lastAttempt: run.lastAttempt });
