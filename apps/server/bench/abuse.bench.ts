// Abuse benchmark: the hostile media corpus (test/hostile/hostile-corpus.ts) through every upload route
// of Bops on the embedded database, from two people sending two uploads at once each, BENCH_ROUNDS times
// (default 3), while /api/health is asked every 100 ms. The last line is the summary:
//   hostile_files=… uploads=… refused=… hangs=0 median_ms=… max_ms=… max_health_ms=… peak_rss_mb=…
// A hang is an upload not answered within 5 s; refused counts readable 4xx answers. peak_rss_mb is the
// process's largest resident memory while the corpus runs (sampled every 50 ms), start_rss_mb the same
// just before (start-up itself peaks higher, as the database and worker threads come up).
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.ts';
import { voiceClones } from '../src/db/schema.ts';
import { startBops } from '../src/runtime.ts';
import { buildUser, TEST_ORIGIN } from '../src/test/factories.ts';
import { buildMusic } from '../src/test/music-factories.ts';
import { silentLogger } from '../src/test/test-runtime.ts';
import { buildHostileCorpus } from '../test/hostile/hostile-corpus.ts';
import {
  isReadableRefusal,
  postUpload,
  watchHealth,
  type UploadOutcome,
  uploadRoutes,
} from '../test/hostile/hostile-uploads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HANG_MS = 5000;

// Built before Bops starts, so the bombs' own making is not counted.
const corpus = buildHostileCorpus();
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bops-bench-abuse-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RENDER_CATALOG: 'false' }, 'all');
const runtime = await startBops(config, { logger: silentLogger });
try {
  await runtime.app!.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(runtime.app!.server.address() as AddressInfo).port}`;
  const people = [];
  for (let n = 0; n < 2; n += 1) {
    const person = await buildUser(runtime.app!);
    const singerId = randomUUID();
    await runtime.database.db
      .insert(voiceClones)
      .values({ id: singerId, userId: person.id, nickname: 'Ready', status: 'ready', modelKey: 'none' });
    const song = await buildMusic(runtime, person, { files: false, coverKey: null, thumbnailKey: null });
    const routes = uploadRoutes(singerId, song.id);
    people.push({ headers: { cookie: person.cookie, origin: TEST_ORIGIN }, routes });
  }

  const outcomes: UploadOutcome[] = [];
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const health = watchHealth(base);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Two senders per person: the most uploads one person may have under way at once.
    const senders = people.flatMap((person) =>
      [0, 1].map(async (lane) => {
        for (const [index, file] of corpus.entries()) {
          if (index % 2 !== lane) continue;
          for (const route of person.routes.filter((candidate) => candidate.family === file.family)) {
            outcomes.push(await postUpload(base, person.headers, route, file));
          }
        }
      }),
    );
    await Promise.all(senders);
  }
  const { maxMs: maxHealthMs } = await health.stop();
  clearInterval(sampler);

  const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const refused = outcomes.filter(isReadableRefusal).length;
  const hangs = outcomes.filter((outcome) => outcome.status === 0 || outcome.ms > HANG_MS).length;
  const others = outcomes.filter((outcome) => !isReadableRefusal(outcome));
  for (const other of others.slice(0, 10))
    console.log(`not refused: ${other.route} ${other.file} ${other.status} ${other.message}`);
  const summary = {
    hostile_files: corpus.length,
    uploads: outcomes.length,
    refused,
    hangs,
    median_ms: times[Math.floor(times.length / 2)]!.toFixed(0),
    max_ms: times[times.length - 1]!.toFixed(0),
    max_health_ms: maxHealthMs.toFixed(0),
    start_rss_mb: (startRss / 2 ** 20).toFixed(0),
    peak_rss_mb: (peakRss / 2 ** 20).toFixed(0),
  };
  console.log(
    Object.entries(summary)
      .map(([key, value]) => `${key}=${value}`)
      .join(' '),
  );
} finally {
  await runtime.stop();
  await fsp.rm(dataDir, { recursive: true, force: true });
}
