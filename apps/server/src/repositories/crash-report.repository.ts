import type { Database } from '../db/database.ts';
import { crashReports } from '../db/schema.ts';

export class CrashReportRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insert(report: {
    userId: string | null;
    message: string;
    componentStack: string;
    url: string;
    userAgent: string;
  }) {
    await this.#db.insert(crashReports).values(report);
  }
}
