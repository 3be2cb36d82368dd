/**
 * Builds the web app only when its inputs changed since the last build, so a warm `npm start` goes straight to
 * the server. "Changed" is decided by content (a hash of every input file), never by timestamps: a fresh clone, a
 * checkout of another commit or an edit undone all come out right. Reading every input on each start costs time,
 * so the sizes and modification times the last check saw are kept beside the stamp: when every one is the same,
 * the contents are too and nothing is read; when any differs, the contents decide.
 *
 * Usage: `node apps/web/scripts/build-if-stale.ts [--force]`. Exits non-zero when the build fails.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const distDir = path.join(webRoot, 'dist');
/** Written last by a successful build: the hash of the inputs it was built from. */
const stampFile = path.join(distDir, '.source-hash');
/** The inputs' sizes and modification times when their content last matched the stamp. */
const manifestFile = path.join(distDir, '.source-manifest.json');

/** Everything the built files depend on: our sources and configuration, and the locked dependency versions. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

const ignored = (name: string) => /\.test\.tsx?$/.test(name) || name === 'test' || name.startsWith('.');

function listFiles(root: string, relative: string): string[] {
  const absolute = path.join(root, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !ignored(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => listFiles(root, path.posix.join(relative, entry.name)));
}

/** Every input file's path, size and modification time, in a fixed order. */
export function sourceManifest(root = repoRoot): string[] {
  return inputs
    .flatMap((input) => listFiles(root, input))
    .map((file) => {
      const stat = fs.statSync(path.join(root, file));
      return `${file}\0${stat.size}\0${stat.mtimeMs}`;
    });
}

/** A digest over every input's path and bytes (`root`: the repository). */
export function sourceHash(root = repoRoot): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => listFiles(root, input))) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * The inputs' content hash, read from the manifest when no input's size or time changed since it was written
 * (then no file is read), else computed from the contents.
 */
export function currentSourceHash(
  root = repoRoot,
  manifestPath = manifestFile,
): { hash: string; manifest: string[]; fromManifest: boolean } {
  const manifest = sourceManifest(root);
  try {
    const saved = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { hash?: unknown; files?: unknown };
    if (
      typeof saved.hash === 'string' &&
      Array.isArray(saved.files) &&
      saved.files.length === manifest.length &&
      saved.files.every((entry, i) => entry === manifest[i])
    ) {
      return { hash: saved.hash, manifest, fromManifest: true };
    }
  } catch {
    // No manifest yet, or an unreadable one: the contents decide.
  }
  return { hash: sourceHash(root), manifest, fromManifest: false };
}

export function writeSourceManifest(hash: string, manifest: string[], manifestPath = manifestFile): void {
  fs.writeFileSync(manifestPath, JSON.stringify({ hash, files: manifest }));
}

/** Whether `dist` holds a finished build of exactly these inputs. */
export function isBuildCurrent(hash: string, dist = distDir): boolean {
  const stamp = fs.readFileSync(path.join(dist, '.source-hash'), { encoding: 'utf8', flag: 'r' } as const);
  return stamp.trim() === hash && fs.existsSync(path.join(dist, 'index.html'));
}

const currentOrFalse = (hash: string) => {
  try {
    return isBuildCurrent(hash);
  } catch {
    return false;
  }
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { hash, manifest, fromManifest } = currentSourceHash();
  if (process.argv.includes('--force') || !currentOrFalse(hash)) {
    process.stdout.write('Building the web app…\n');
    fs.rmSync(manifestFile, { force: true });
    const { build } = await import('vite');
    await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
    fs.writeFileSync(stampFile, `${hash}\n`);
    writeSourceManifest(hash, manifest);
  } else if (!fromManifest) {
    writeSourceManifest(hash, manifest);
  }
}
