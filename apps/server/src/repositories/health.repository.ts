import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

/** The database as the health check sees it: reachable and answering, nothing more. */
export class HealthRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Resolves when the database runs a trivial query; rejects when it cannot. */
  async pingDatabase(): Promise<void> {
    await this.#db.execute(sql`select 1`);
  }
}
