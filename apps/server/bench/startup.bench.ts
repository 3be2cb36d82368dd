// Start-up benchmark, through `npm start` as a person runs it:
// - first start on an empty data directory: time to a healthy /api/health; then the last beat and the last artist
//   in the catalogue (the background pass reaches them last) asked for at once, timed until playable (rendered on
//   demand: `first_request_beat_ms`, `first_request_artist_ms`); then one artist alone while the background pass
//   runs (`during_pass_request_ms`); then the time until every built-in beat and artist
//   preview is stored by the background pass, without asking for them (`first_start_catalog_s`);
// - warm starts on that directory (web build current): time to a healthy /api/health and resident memory; a run
//   that had to rebuild the web app (its sources changed meanwhile) is reported and not counted.
// Medians of several warm runs; the last line is key=value pairs, with the load average when the first requests were
// made and when it ended. `node apps/server/bench/preview-render.bench.ts` times one preview rendered alone.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import { catalogKeys } from '../src/services/catalog.service.ts';
import { freePort, waitFor, waitForHealth } from '../src/test/spawn-bops.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bops-bench-startup-'));

const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
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

/** Time until `url` answers with audio (the request waits while the preview renders). */
async function timeFirstRequest(port: number, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { range: 'bytes=0-0' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status} on its first request`);
  await response.arrayBuffer();
  return performance.now() - started;
}

try {
  const beats = listMusicSelections();
  const artists = listArtists();
  // Where local storage keeps each preview (DATA_DIR/files/<key>).
  const storedFiles = [
    ...beats.map((m) => catalogKeys.musicAudio(m.id)),
    ...artists.map((a) => catalogKeys.artistPreview(a.id)),
  ].map((key) => path.join(dataDir, 'files', ...key.split('/')));
  // First start: an empty data directory (migrations, then the catalogue renders in the background).
  const port = freePort();
  const started = performance.now();
  const first = npmStart(port);
  await waitForHealth(port, 180_000);
  const firstHealthMs = performance.now() - started;
  const firstRequestLoad = os.loadavg()[0]!.toFixed(2);
  const [beatMs, artistMs] = await Promise.all([
    timeFirstRequest(port, `/audio/musics/${beats.at(-1)!.id}.mp3`),
    timeFirstRequest(port, `/audio/artists/${artists.at(-1)!.id}.mp3`),
  ]);
  // One preview alone while the background pass runs (the next-to-last artist: the pass reaches it last but one).
  const duringPassLoad = os.loadavg()[0]!.toFixed(2);
  const duringPassMs = await timeFirstRequest(port, `/audio/artists/${artists.at(-2)!.id}.mp3`);
  await waitFor(
    async () => storedFiles.every((file) => fs.existsSync(file)),
    600_000,
    'every beat and artist preview to be stored',
  );
  const catalogSeconds = (performance.now() - started) / 1000;
  console.log(
    `first start: healthy in ${firstHealthMs.toFixed(0)} ms; first request of a beat ${beatMs.toFixed(0)} ms, of an artist ${artistMs.toFixed(0)} ms (at once, load ${firstRequestLoad}); one artist alone while the pass runs ${duringPassMs.toFixed(0)} ms (load ${duringPassLoad}); ${storedFiles.length} previews stored after ${catalogSeconds.toFixed(1)} s (load ${os.loadavg()[0]!.toFixed(2)})`,
  );
  await stop(first);

  const warm: Array<{ ms: number; rss: number }> = [];
  // A warm start finds the web build current. When the web app's sources change while the bench runs (someone
  // editing them), `npm start` rebuilds it first: such a run is reported, not counted.
  let rebuilt = 0;
  for (let i = 0; warm.length < runs && i < runs * 3; i++) {
    const warmPort = freePort();
    const t0 = performance.now();
    const run = npmStart(warmPort);
    await waitForHealth(warmPort, 60_000);
    const ms = performance.now() - t0;
    const rss = treeRssMb(run.child.pid!);
    await stop(run);
    const rebuilding = run.output().includes('Building the web app');
    console.log(
      `warm start ${i + 1}: ${ms.toFixed(0)} ms, rss ${rss.toFixed(0)} MB, load ${os.loadavg()[0]!.toFixed(2)}${rebuilding ? ' (web app rebuilt: not counted)' : ''}`,
    );
    if (rebuilding) rebuilt += 1;
    else warm.push({ ms, rss });
  }
  const load = os.loadavg()[0]!.toFixed(2);
  console.log(
    `warm_start_ms=${median(warm.map((r) => r.ms)).toFixed(0)} rss_mb=${median(warm.map((r) => r.rss)).toFixed(0)} warm_runs=${warm.length} rebuilt_runs=${rebuilt} first_start_health_ms=${firstHealthMs.toFixed(0)} first_request_beat_ms=${beatMs.toFixed(0)} first_request_artist_ms=${artistMs.toFixed(0)} first_request_load=${firstRequestLoad} during_pass_request_ms=${duringPassMs.toFixed(0)} during_pass_load=${duringPassLoad} first_start_catalog_s=${catalogSeconds.toFixed(1)} load=${load}`,
  );
} finally {
  await fsp.rm(dataDir, { recursive: true, force: true });
}
