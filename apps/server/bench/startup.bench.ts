// Start-up benchmark: time from spawning Bops on an existing data directory to its first successful
// GET /api/health, and the process's resident memory at that moment. Median of several runs.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnBops, waitForHealth } from '../src/test/spawn-bops.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bops-bench-startup-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function startOnce(): Promise<{ ms: number; rss: number }> {
  const port = freePort();
  const started = performance.now();
  const bops = spawnBops({ ...env, PORT: String(port) });
  await waitForHealth(port, 60_000);
  const ms = performance.now() - started;
  const rss = rssMb(bops.child.pid!);
  bops.child.kill('SIGTERM');
  const { code } = await bops.exited;
  if (code !== 0) throw new Error(`Bops exited with ${code}: ${bops.stderr()}`);
  return { ms, rss };
}

try {
  // The first start creates the data directory and runs the migrations; it is not measured.
  const first = await startOnce();
  console.log(`first start (new data dir): ${first.ms.toFixed(0)} ms`);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await startOnce();
    console.log(`run ${i + 1}: ${result.ms.toFixed(0)} ms, rss ${result.rss.toFixed(0)} MB`);
    results.push(result);
  }
  console.log(
    `startup_ms=${median(results.map((r) => r.ms)).toFixed(0)} rss_mb=${median(results.map((r) => r.rss)).toFixed(0)}`,
  );
} finally {
  await fsp.rm(dataDir, { recursive: true, force: true });
}
