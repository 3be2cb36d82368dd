// Start-up benchmark, through `npm start` as a person runs it:
// - first start on an empty data directory: time to a healthy /api/health, and time until every built-in beat
//   and artist preview is playable (`first_start_catalog_s`);
// - warm starts on that directory (web build current): time to a healthy /api/health and resident memory.
// Medians of several warm runs; the last line is key=value pairs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import { freePort, waitFor, waitForHealth } from '../src/test/spawn-bops.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bops-bench-startup-'));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Resident memory of the process tree under `pid` (npm, then Bops's node). */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrEmpty(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  let kb = 0;
  const visit = (p: number) => {
    kb += Number(/VmRSS:\s+(\d+)/.exec(readOrEmpty(`/proc/${p}/status`))?.[1] ?? 0);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function npmStart(port: number): {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
} {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function stop(run: ReturnType<typeof npmStart>): Promise<void> {
  process.kill(-run.child.pid!, 'SIGTERM');
  await run.exited;
  // The server exits on its own schedule after npm; wait for the data-directory lock to go.
  await waitFor(async () => !fs.existsSync(path.join(dataDir, 'bops.lock')), 30_000, 'Bops to stop');
}

const playable = async (port: number, url: string) =>
  (await fetch(`http://127.0.0.1:${port}${url}`, { headers: { range: 'bytes=0-0' } }).catch(() => null))
    ?.ok ?? false;

try {
  const catalogUrls = [
    ...listMusicSelections().map((m) => `/audio/musics/${m.id}.mp3`),
    ...listArtists().map((a) => `/audio/artists/${a.id}.mp3`),
  ];
  // First start: an empty data directory (migrations, then the catalogue renders in the background).
  const port = freePort();
  const started = performance.now();
  const first = npmStart(port);
  await waitForHealth(port, 180_000);
  const firstHealthMs = performance.now() - started;
  const pending = new Set(catalogUrls);
  await waitFor(
    async () => {
      for (const url of [...pending]) if (await playable(port, url)) pending.delete(url);
      return pending.size === 0;
    },
    600_000,
    'every beat and artist preview to be playable',
  );
  const catalogSeconds = (performance.now() - started) / 1000;
  console.log(
    `first start: healthy in ${firstHealthMs.toFixed(0)} ms; ${catalogUrls.length} previews playable after ${catalogSeconds.toFixed(1)} s`,
  );
  await stop(first);

  const warm: Array<{ ms: number; rss: number }> = [];
  for (let i = 0; i < runs; i++) {
    const warmPort = freePort();
    const t0 = performance.now();
    const run = npmStart(warmPort);
    await waitForHealth(warmPort, 60_000);
    const ms = performance.now() - t0;
    const rss = treeRssMb(run.child.pid!);
    await stop(run);
    console.log(`warm start ${i + 1}: ${ms.toFixed(0)} ms, rss ${rss.toFixed(0)} MB`);
    warm.push({ ms, rss });
  }
  console.log(
    `warm_start_ms=${median(warm.map((r) => r.ms)).toFixed(0)} rss_mb=${median(warm.map((r) => r.rss)).toFixed(0)} first_start_health_ms=${firstHealthMs.toFixed(0)} first_start_catalog_s=${catalogSeconds.toFixed(1)}`,
  );
} finally {
  await fsp.rm(dataDir, { recursive: true, force: true });
}
