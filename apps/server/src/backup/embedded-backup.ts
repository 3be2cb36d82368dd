import fs from 'node:fs/promises';
import path from 'node:path';
import { restoreEmbeddedDatabase } from '../db/database.ts';

/**
 * Backups of an embedded instance: the database as a consistent snapshot taken while Bops runs, then the
 * stored files. The database comes first: a file made after it is an extra (harmless), and every file the
 * snapshot refers to already exists when the files are copied.
 *
 * A backup directory holds `manifest.json`, `database.tar.gz` and `files/`.
 */
export interface BackupManifest {
  format: 'bops-backup';
  version: 1;
  createdAt: string;
  databaseBytes: number;
  files: number;
}

export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
const DATABASE = 'database.tar.gz';
const FILES = 'files';

/** Writes a backup into `target` (created; must be empty or absent). */
export async function writeBackup(options: {
  snapshot: () => Promise<Uint8Array>;
  filesDir: string;
  target: string;
}): Promise<BackupManifest> {
  const target = path.resolve(options.target);
  await ensureEmptyDirectory(target, 'The backup directory');
  const database = await options.snapshot();
  await fs.writeFile(path.join(target, DATABASE), database);
  const files = await copyTree(options.filesDir, path.join(target, FILES));
  const manifest: BackupManifest = {
    format: 'bops-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    databaseBytes: database.length,
    files,
  };
  // The manifest last: a backup without one was interrupted and is refused by restore.
  await fs.writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Brings a backup back into an empty data directory (`dbDir` and `filesDir` inside it). */
export async function restoreBackup(options: {
  source: string;
  dbDir: string;
  filesDir: string;
}): Promise<BackupManifest> {
  const source = path.resolve(options.source);
  const manifest = await readManifest(source);
  for (const dir of [options.dbDir, options.filesDir]) await ensureEmptyDirectory(dir, 'The data directory');
  await fs.rm(options.dbDir, { recursive: true, force: true });
  await restoreEmbeddedDatabase(options.dbDir, await fs.readFile(path.join(source, DATABASE)));
  const files = await copyTree(path.join(source, FILES), options.filesDir);
  if (files !== manifest.files) {
    throw new BackupError(`The backup lists ${manifest.files} files but holds ${files}; it is damaged.`);
  }
  return manifest;
}

async function readManifest(source: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(source, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${source} is not a finished Bops backup (it has no ${MANIFEST}).`);
  }
  if (manifest.format !== 'bops-backup' || manifest.version !== 1) {
    throw new BackupError(`${source} is not a Bops backup this version can restore.`);
  }
  return manifest;
}

async function ensureEmptyDirectory(dir: string, what: string): Promise<void> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupError(`${what} ${dir} is not empty.`);
  await fs.mkdir(dir, { recursive: true });
}

/** Copies a directory tree (absent: nothing); answers how many files it copied. */
async function copyTree(from: string, to: string): Promise<number> {
  await fs.mkdir(to, { recursive: true });
  const entries = await fs.readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let count = 0;
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const destination = path.join(to, entry.name);
    if (entry.isDirectory()) count += await copyTree(source, destination);
    // `.part` files are uploads still being written; the finished file appears under its own name.
    else if (entry.isFile() && !entry.name.endsWith('.part')) {
      // A file removed while the backup runs was removed from Bops too; it is simply not copied.
      const copied = await fs.copyFile(source, destination).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      if (copied) count++;
    }
  }
  return count;
}
