// API benchmark: seeds 1,000 people and 20,000 songs on the embedded database, starts Bops as
// `npm start` does, then drives 100 keep-alive connections at three routes in turn: the playlist list,
// one song, and the first bytes of a song's audio. The last line is the summary:
//   playlists_rps=… playlists_p99_ms=… getmusic_p99_ms=… stream_ttfb_p95_ms=…
// BENCH_SECONDS (default 10) is the measured time per route, after a 1-second warm-up. Each route is first
// timed on one connection for 3 seconds (its own latency), then on 100 (latency including the wait
// behind other requests: with a closed loop of 100 connections, latency ≈ 100 / throughput).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config/config.ts';
import { jobNames } from '../src/jobs/job-types.ts';
import { startBops } from '../src/runtime.ts';
import { buildUser, type TestUser } from '../src/test/factories.ts';
import { freePort, spawnBops, waitForHealth } from '../src/test/spawn-bops.ts';
import { silentLogger } from '../src/test/test-runtime.ts';

const USERS = 1_000;
const SONGS_PER_USER = 20;
const SIGNED_IN = 100;
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const AUDIO_BYTES = 256 * 1024;

const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bops-bench-api-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGN_IN_RATE_LIMIT: '10000', WORKER_THREADS: '1' };

interface Seeded {
  cookies: string[];
  /** For each signed-in person: song ids they may read (their own and public ones). */
  readable: string[][];
}

async function seed(): Promise<Seeded> {
  // First-start background work (rendering built-in audio) is taken off the queue as done without
  // running, so it does not compete with the measured requests later.
  const skipJobs = Object.fromEntries(jobNames.map((name) => [name, async () => {}]));
  const runtime = await startBops(loadConfig(env, 'all'), { logger: silentLogger, handlers: skipJobs });
  try {
    const app = runtime.app!;
    const db = runtime.database.db;
    const started = performance.now();
    // People who sign in go through the real sign-up (password hashing and all); the rest are rows.
    const signedIn: TestUser[] = [];
    for (let i = 0; i < SIGNED_IN; i++) signedIn.push(await buildUser(app, { name: `Bench ${i}` }));
    await db.execute(sql`
      insert into users (id, name, email, display_name)
      select 'bench-user-' || g, 'Bench ' || g, 'bench-' || g || '@example.test', 'Bench ' || g
      from generate_series(${SIGNED_IN + 1}::int, ${USERS}::int) g`);
    await runtime.storage.put('bench/song.mp3', Buffer.alloc(AUDIO_BYTES, 7), 'audio/mpeg');
    await db.execute(sql`
      insert into music_items (id, owner_id, name, author, status, src_key, duration_seconds, views_count,
        likes_count, prompt, context, created_at)
      select u.id || '-song-' || s, u.id, 'Song ' || s || ' of ' || u.name, u.name, 'ready', 'bench/song.mp3', 180,
        (random() * 100000)::int, (random() * 500)::int, 'a bench song',
        '{"voiceCloneIds":[],"creationType":"rap","singerId":"na","rapperId":"r1","mixMusicId":"na","prompt":"","version":"1.0"}'::jsonb,
        now() - (s || ' minutes')::interval
      from users u, generate_series(1, ${SONGS_PER_USER}::int) s`);
    // Everyone: a default playlist with every song, a public one with the first 5, a private one with 5 more.
    await db.execute(sql`
      insert into playlists (id, owner_id, title, kind, is_private)
      select u.id || '-' || p.kind || p.n, u.id, p.title, p.kind, p.private
      from users u, (values ('default', 0, 'My Bops', true), ('user', 1, 'Public picks', false),
        ('user', 2, 'Private picks', true)) as p(kind, n, title, private)`);
    await db.execute(sql`
      insert into playlist_items (playlist_id, music_id, position)
      select u.id || '-default0', u.id || '-song-' || s, s from users u, generate_series(1, ${SONGS_PER_USER}::int) s
      union all
      select u.id || '-user1', u.id || '-song-' || s, s from users u, generate_series(1, 5) s
      union all
      select u.id || '-user2', u.id || '-song-' || s, s from users u, generate_series(6, 10) s`);
    const demoIds = Array.from({ length: 8 }, (_, i) => `bench-user-${SIGNED_IN + 1 + i}-song-1`);
    await runtime.services.playlists.setTopSongs(demoIds);
    await db.execute(sql`analyze`);
    console.log(
      `seeded ${USERS} people, ${USERS * SONGS_PER_USER} songs in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const readable = signedIn.map((user, i) => {
      const own = Array.from({ length: SONGS_PER_USER }, (_, s) => `${user.id}-song-${s + 1}`);
      const other = signedIn[(i + 1) % signedIn.length]!;
      const othersPublic = Array.from({ length: 5 }, (_, s) => `${other.id}-song-${s + 1}`);
      return [...own, ...othersPublic];
    });
    return { cookies: signedIn.map((user) => user.cookie), readable };
  } finally {
    await runtime.stop();
  }
}

interface Sample {
  ms: number;
  status: number;
}

function request(
  agent: http.Agent,
  port: number,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; ttfbMs: number; totalMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ agent, host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const ttfbMs = performance.now() - started;
      res.on('data', () => {});
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ttfbMs, totalMs: performance.now() - started }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Runs `connections` loops against `next()` for a warm-up plus `seconds`; returns the measured samples. */
async function drive(
  port: number,
  next: () => { path: string; headers: Record<string, string> },
  measure: 'ttfb' | 'total',
  connections = CONNECTIONS,
  seconds = SECONDS,
): Promise<{ samples: Sample[]; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const warmUntil = performance.now() + 1_000;
  const endAt = warmUntil + seconds * 1_000;
  const samples: Sample[] = [];
  const loop = async () => {
    while (performance.now() < endAt) {
      const { path: urlPath, headers } = next();
      const started = performance.now();
      const result = await request(agent, port, urlPath, headers);
      if (started >= warmUntil && performance.now() <= endAt) {
        samples.push({ ms: measure === 'ttfb' ? result.ttfbMs : result.totalMs, status: result.status });
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  return { samples, seconds };
}

function percentile(samples: Sample[], p: number): number {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(name: string, run: { samples: Sample[]; seconds: number }, okStatus: number) {
  const failed = run.samples.filter((s) => s.status !== okStatus).length;
  if (failed > 0) throw new Error(`${name}: ${failed} of ${run.samples.length} answers were not ${okStatus}`);
  const rps = run.samples.length / run.seconds;
  console.log(
    `${name}: ${run.samples.length} requests, ${rps.toFixed(0)} req/s, p50 ${percentile(run.samples, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(run.samples, 95).toFixed(1)} ms, p99 ${percentile(run.samples, 99).toFixed(1)} ms`,
  );
  return { rps, p95: percentile(run.samples, 95), p99: percentile(run.samples, 99) };
}

/** Waits until a process uses under 10% of a core for a second (start-up work done), at most 2 minutes. */
async function waitUntilIdle(pid: number): Promise<void> {
  const cpuTicks = () => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const deadline = Date.now() + 120_000;
  let before = cpuTicks();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuTicks();
    if (now - before < 10) return;
    before = now;
  }
  console.log('warning: the server was still busy after 2 minutes; measuring anyway');
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

try {
  const seeded = await seed();
  const port = freePort();
  const bops = spawnBops({
    ...env,
    PORT: String(port),
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  });
  try {
    await waitForHealth(port, 60_000);
    await waitUntilIdle(bops.child.pid!);
    const person = () => Math.floor(Math.random() * seeded.cookies.length);
    const routes = {
      playlists: () => ({ path: '/api/music/playlists', headers: { cookie: seeded.cookies[person()]! } }),
      getMusic: () => {
        const i = person();
        return {
          path: `/api/music/getMusic/${pick(seeded.readable[i]!)}`,
          headers: { cookie: seeded.cookies[i]! },
        };
      },
      stream: () => {
        const i = person();
        return {
          path: `/api/music/${pick(seeded.readable[i]!)}/audio`,
          headers: { cookie: seeded.cookies[i]!, range: 'bytes=0-' },
        };
      },
    };
    // Unloaded: one connection, so the time is the route's own, without waiting behind other requests.
    report('1 connection: GET music/playlists', await drive(port, routes.playlists, 'total', 1, 3), 200);
    report('1 connection: GET music/getMusic/{id}', await drive(port, routes.getMusic, 'total', 1, 3), 200);
    report(
      '1 connection: GET music/{id}/audio (first byte)',
      await drive(port, routes.stream, 'ttfb', 1, 3),
      206,
    );
    const playlists = report('GET music/playlists', await drive(port, routes.playlists, 'total'), 200);
    const getMusic = report('GET music/getMusic/{id}', await drive(port, routes.getMusic, 'total'), 200);
    const stream = report('GET music/{id}/audio (first byte)', await drive(port, routes.stream, 'ttfb'), 206);
    console.log(
      `playlists_rps=${playlists.rps.toFixed(0)} playlists_p99_ms=${playlists.p99.toFixed(1)} ` +
        `getmusic_p99_ms=${getMusic.p99.toFixed(1)} stream_ttfb_p95_ms=${stream.p95.toFixed(1)}`,
    );
  } finally {
    bops.child.kill('SIGTERM');
    await bops.exited;
  }
} finally {
  await fsp.rm(dataDir, { recursive: true, force: true });
}
