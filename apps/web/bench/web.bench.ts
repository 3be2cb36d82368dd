/**
 * Landing page budget: the JavaScript `/` loads before it can render (the entry and its modulepreloads, gzipped)
 * and its largest contentful paint in headless Chromium, against the built app served by the real server.
 *
 *   npm run bench:web            (builds first)
 *   npm run bench:web -- --no-build
 *
 * The last line is `landing_js_gzip_kb=… landing_lcp_ms=…`. Targets: ≤ 150 KB and ≤ 1,000 ms.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../../playwright.config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const port = Number(process.env.BENCH_PORT ?? 8599);
const runs = Number(process.env.BENCH_RUNS ?? 5);

/** The entry script and every module it preloads, as index.html names them. */
export function initialScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return [...new Set([...scripts, ...preloads])];
}

async function initialJsGzipKb(): Promise<{ total: number; files: [string, number][] }> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const files: [string, number][] = [];
  for (const src of initialScripts(html)) {
    const bytes = await readFile(path.join(dist, src.replace(/^\//, '')));
    files.push([src, gzipSync(bytes, { level: 9 }).byteLength / 1024]);
  }
  return { total: files.reduce((sum, [, kb]) => sum + kb, 0), files };
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms.`);
}

async function measureLcp(baseUrl: string): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const results: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A new context each run: a cold cache, as a first visit has.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') console.error(`console: ${message.text()}`);
      });
      await page.addInitScript(() => {
        const holder = window as unknown as { __lcp: number };
        holder.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) holder.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      // LCP settles once the page stops painting new, larger content; the hero fade-in ends at 300 ms.
      await page.waitForTimeout(1500);
      results.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The web build failed.');
  }
  const js = await initialJsGzipKb();
  for (const [file, kb] of js.files) console.log(`initial ${file} ${kb.toFixed(1)} KB gzip`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bops-bench-web-'));
  const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RENDER_CATALOG: 'false',
      LOCAL_ACCOUNTS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const baseUrl = `http://localhost:${port}`;
    await waitForHealth(`${baseUrl}/api/health`, 60_000);
    const lcp = await measureLcp(baseUrl);
    console.log(`lcp runs (ms): ${lcp.map((value) => value.toFixed(0)).join(', ')}`);
    console.log(`landing_js_gzip_kb=${js.total.toFixed(1)} landing_lcp_ms=${median(lcp).toFixed(0)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
