import { sql } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { HealthResponse } from '../routes/health.schema.ts';

export const BOPS_VERSION = '0.1.0';

export class HealthService {
  readonly #db: Database;
  readonly #config: Config;
  readonly #databaseKind: 'pglite' | 'postgres';

  constructor(deps: { db: Database; config: Config; databaseKind: 'pglite' | 'postgres' }) {
    this.#db = deps.db;
    this.#config = deps.config;
    this.#databaseKind = deps.databaseKind;
  }

  /** Answers only when the database answers, so a load balancer stops sending work to a broken node. */
  async check(): Promise<HealthResponse> {
    await this.#db.execute(sql`select 1`);
    return {
      status: 'ok',
      version: BOPS_VERSION,
      database: this.#databaseKind,
      storage: this.#config.storage.kind,
      role: this.#config.role,
    };
  }
}
