/**
 * The Debian programs the evaluations measure with (PocketSphinx, SoX, aubio, Praat): found on
 * PATH, installed with apt-get when missing and running as root, otherwise a clear refusal that
 * names the packages to install.
 */
import { execFile } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const runProgram = promisify(execFile);

/** A measuring program is missing and could not be installed here. */
export class ToolUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolUnavailable';
  }
}

export const fileExists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export async function which(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    if (dir && (await fileExists(join(dir, name)))) return join(dir, name);
  }
  return null;
}

/** Installs Debian packages; null when done, else why it could not. */
export async function installDebianPackages(packages: readonly string[]): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'not running as root, so it was not installed';
  if (!(await which('apt-get'))) return 'apt-get is not available to install it';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    runProgram('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
      env,
      timeout: 600_000,
    });
  try {
    await install();
  } catch {
    try {
      // A fresh machine has no package lists yet.
      await runProgram('apt-get', ['update'], { env, timeout: 600_000 });
      await install();
    } catch (error) {
      return `apt-get install failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    }
  }
  return null;
}

const found = new Map<string, Promise<string>>();

/** The path of `program`, installing `debianPackage` first when it is missing (as root). */
export function requireProgram(program: string, debianPackage: string): Promise<string> {
  let pending = found.get(program);
  if (!pending) {
    pending = (async () => {
      const path = await which(program);
      if (path) return path;
      const refused = await installDebianPackages([debianPackage]);
      const installed = refused ? null : await which(program);
      if (installed) return installed;
      throw new ToolUnavailable(
        `${program} is not installed (${refused ?? 'still missing after apt-get install'}); install it with: apt-get install ${debianPackage}`,
      );
    })();
    pending.catch(() => found.delete(program));
    found.set(program, pending);
  }
  return pending;
}

/** The installed Debian package's version, for the evaluation's report. */
export async function debianVersion(debianPackage: string): Promise<string> {
  try {
    const { stdout } = await runProgram('dpkg-query', ['-W', '-f', '${Version}', debianPackage]);
    return stdout.trim() || 'unknown version';
  } catch {
    return 'unknown version';
  }
}

/** Runs `work` with a fresh temporary directory, removed afterwards. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'bops-eval-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
