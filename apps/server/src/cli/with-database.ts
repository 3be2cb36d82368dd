import { ConfigError, loadConfig } from '../config/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase, type Database } from '../db/database.ts';

/**
 * Runs an operator command against Bops' database. On the embedded database the command needs the
 * data directory to itself, like the server does, so the server must be stopped first.
 */
export async function withDatabase(run: (db: Database) => Promise<void>): Promise<never> {
  try {
    const config = loadConfig(process.env);
    const lock = config.database.kind === 'pglite' ? acquireDataDirLock(config.dataDir) : null;
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      await run(database.db);
    } finally {
      await database.close();
      lock?.release();
    }
    process.exit(0);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}. Stop Bops first, or run this against DATABASE_URL.\n`);
    } else if (error instanceof ConfigError || error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${(error as Error).message}\n`);
    }
    process.exit(1);
  }
}

export class UsageError extends Error {}
