import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Storage } from '../storage/storage.ts';
import { HealthService } from './health.service.ts';

/** Everything the routes can reach. Routes call services; services call repositories. */
export interface Services {
  health: HealthService;
}

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
}

export function createServices(deps: ServiceDeps): Services {
  return {
    health: new HealthService({
      db: deps.database.db,
      config: deps.config,
      databaseKind: deps.database.kind,
    }),
  };
}
