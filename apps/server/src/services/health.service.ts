import type { Config } from '../config/config.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { HealthResponse } from '@bops/shared/api/health';
import type { HealthRepository } from '../repositories/health.repository.ts';
import type { Storage } from '../storage/storage.ts';

export const BOPS_VERSION = '0.1.0';

type HealthConfig = Pick<Config, 'role'> & {
  storage: Pick<Config['storage'], 'kind'>;
  mail: Pick<Config['mail'], 'smtpUrl'>;
};

/** How long one part may take to answer before it counts as failing: health must answer quickly. */
const CHECK_TIMEOUT_MS = 2000;

export class HealthService {
  readonly #database: Pick<HealthRepository, 'pingDatabase'>;
  readonly #config: HealthConfig;
  readonly #databaseKind: 'pglite' | 'postgres';
  readonly #storage: Pick<Storage, 'stat'>;
  readonly #queue: Pick<JobQueue, 'depth'>;
  readonly #ytDlpAvailable: () => boolean;

  // Only the parts the check touches: it can then be tested with a fake of each.
  constructor(deps: {
    database: Pick<HealthRepository, 'pingDatabase'>;
    config: HealthConfig;
    databaseKind: 'pglite' | 'postgres';
    storage: Pick<Storage, 'stat'>;
    queue: Pick<JobQueue, 'depth'>;
    ytDlpAvailable: () => boolean;
  }) {
    this.#database = deps.database;
    this.#config = deps.config;
    this.#databaseKind = deps.databaseKind;
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#ytDlpAvailable = deps.ytDlpAvailable;
  }

  /**
   * The database, the file storage and the job queue, each checked on its own, and the optional tools. A load
   * balancer reads the status code (503 when a part fails); an operator reads which part.
   */
  async check(): Promise<HealthResponse> {
    const [database, storage, queue] = await Promise.all([
      passes(() => this.#database.pingDatabase()),
      passes(() => this.#storage.stat('health/probe')),
      passes(() => this.#queue.depth()),
    ]);
    const checks = { database, storage, queue } as const;
    return {
      status: Object.values(checks).every((c) => c === 'ok') ? 'ok' : 'failing',
      version: BOPS_VERSION,
      database: this.#databaseKind,
      storage: this.#config.storage.kind,
      role: this.#config.role,
      checks,
      tools: {
        ytDlp: this.#ytDlpAvailable() ? 'available' : 'missing',
        mail: this.#config.mail.smtpUrl ? 'smtp' : 'outbox',
      },
    };
  }
}

async function passes(run: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'failing'>((resolve) => {
    timer = setTimeout(() => resolve('failing'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then(() => 'ok' as const), timeout]);
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}
