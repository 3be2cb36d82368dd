// npm run backup -- <directory>: a consistent backup of an embedded Bops (database and files), running or not.
import { sendControlCommand } from '../backup/control-socket.ts';
import { BackupError, writeBackup, type BackupManifest } from '../backup/embedded-backup.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';

const usage = 'Usage: npm run backup -- <directory>   (the directory is created; it must be empty)';
const SCALED_OUT =
  'This Bops keeps its data in PostgreSQL or S3: back it up with their own tools (see "Backup and restore" in the README).';

const target = process.argv[2];
if (!target || process.argv.length > 3) fail(usage);

try {
  const config = loadConfig(process.env);
  if (config.database.kind !== 'pglite' || config.storage.kind !== 'local') fail(SCALED_OUT);
  const running = await sendControlCommand(config.dataDir, { command: 'backup', target: target! });
  let manifest: BackupManifest;
  if (running) {
    if (!running.ok) fail(running.message);
    manifest = running.result as BackupManifest;
  } else {
    // Nothing is running on this data directory: take it, exactly as Bops would.
    const lock = acquireDataDirLock(config.dataDir);
    const database = await openDatabase(config.database);
    try {
      manifest = await writeBackup({
        snapshot: database.snapshot!,
        filesDir: config.storage.dir,
        target: target!,
      });
    } finally {
      await database.close();
      lock.release();
    }
  }
  console.log(
    `Backed up ${config.dataDir} into ${target}: the database (${(manifest.databaseBytes / 1024 / 1024).toFixed(1)} MB) and ${manifest.files} files.`,
  );
  process.exit(0);
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirLockedError) {
    fail(error.message);
  }
  fail(`The backup failed: ${(error as Error).message}`);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
