import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Raised when another live process already owns the data directory. */
export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/**
 * Claims DATA_DIR for this process. The embedded database has no cross-process locking of its own,
 * and two writers on one directory lose rows, so a second process must refuse to start.
 * A lock left by a process that no longer runs (killed, crashed) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'bops.lock');
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return {
        file,
        release() {
          const owner = readOwner(file);
          if (owner?.pid === me.pid && owner.hostname === me.hostname) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner && owner.hostname !== me.hostname) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by Bops on host ${owner.hostname} (pid ${owner.pid}); if that process is gone, delete ${file}`,
      );
    }
    if (owner && isAlive(owner.pid)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another Bops process (pid ${owner.pid}); stop it first or set DATA_DIR to another directory`,
      );
    }
    // The owner is gone (or the file is half-written by a crash): the lock is stale.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dataDir}; another process keeps claiming it`,
  );
}
