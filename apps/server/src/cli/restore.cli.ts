// npm run restore -- <backup directory>: brings a backup back into an empty data directory (DATA_DIR).
import { BackupError, restoreBackup } from '../backup/embedded-backup.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';

const usage = 'Usage: npm run restore -- <backup directory>   (into DATA_DIR, which must hold no data yet)';

const source = process.argv[2];
if (!source || process.argv.length > 3) fail(usage);

try {
  const config = loadConfig(process.env);
  if (config.database.kind !== 'pglite' || config.storage.kind !== 'local') {
    fail('This Bops keeps its data in PostgreSQL or S3: restore it with their own tools (see the README).');
  }
  // Holding the lock proves no Bops runs on this directory while it is filled.
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const manifest = await restoreBackup({
      source: source!,
      dbDir: config.database.dir,
      filesDir: config.storage.dir,
    });
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: the database and ${manifest.files} files.`,
    );
  } finally {
    lock.release();
  }
  process.exit(0);
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirLockedError) {
    fail(error.message);
  }
  fail(`The restore failed: ${(error as Error).message}`);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
