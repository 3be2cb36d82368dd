import fs from 'node:fs';
import path from 'node:path';
import { makeTestSongMp3 } from './test/song-cover-factories.ts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertStillRunning,
  dataOf,
  freePort,
  signUpOverHttp,
  spawnBops,
  waitFor,
  waitForHealth,
  createRapOverHttp,
  createSingerOverHttp,
  type SpawnedProcess,
} from './test/spawn-bops.ts';
import { createTestEnvironment, type TestEnvironment } from './test/test-runtime.ts';

/**
 * A worker killed with SIGKILL in the middle of a job: after a restart on the same data, the job is
 * picked up again and its result exists exactly once.
 */
const METRICS_TOKEN = 'crash-test-metrics-token';

/**
 * Resolves true once the AI singer build is running on a CPU thread, read from the process's own metrics (CPU
 * usage cannot tell: on a loaded machine a busy process may get a tenth of a core), or false if the AI singer
 * became ready first: a loaded machine can hold the test's requests for longer than a whole build. Fails at
 * once if Bops has exited (with its error output) or the build failed.
 */
async function waitUntilBuilding(
  bops: SpawnedProcess,
  base: string,
  singerStatus: () => Promise<string>,
  timeoutMs: number,
): Promise<boolean> {
  const seen = await waitFor(
    async () => {
      assertStillRunning(bops);
      const response = await fetch(`${base}/api/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      }).catch(() => null);
      if (response?.status !== 200) return false;
      const text = await response.text();
      if (
        /^bops_job_queue_depth\{type="build-voice-clone",state="running"\} [1-9]/m.test(text) &&
        /^bops_cpu_pool_tasks\{state="running"\} [1-9]/m.test(text)
      )
        return 'building' as const;
      const status = await singerStatus();
      if (status === 'ready') return 'missed' as const;
      if (status !== 'processing')
        throw new Error(`The AI singer became ${status} before its build was seen running`);
      return false;
    },
    timeoutMs,
    'the AI singer build to start',
  );
  return seen === 'building';
}

/** The e-mails written to the outbox (no SMTP in tests) that have `header` (e.g. "To: a@b.c") among their lines. */
function outboxMails(dataDir: string, header: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.split(/\r?\n/).includes(header));
}

/**
 * Makes creations with `make` until one is seen running (up to three): a loaded machine can hold
 * the test's requests for longer than a whole render or build, which then ends unseen. Returns the
 * one seen running and how many were made.
 */
async function firstSeenRunning<T>(
  make: (attempt: number) => Promise<T>,
  seenRunning: (made: T) => Promise<boolean>,
): Promise<{ running: T; made: number }> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const made = await make(attempt);
    if (await seenRunning(made)) return { running: made, made: attempt };
  }
  throw new Error('Three creations in a row ended before they were seen running');
}

describe('crash recovery of creations', () => {
  const running: SpawnedProcess[] = [];
  let environment: TestEnvironment | undefined;

  afterEach(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
    await environment?.cleanup();
  });

  async function start(port: number) {
    const bops = spawnBops({ ...environment!.env, PORT: String(port), LOG_LEVEL: 'warn' });
    running.push(bops);
    await waitForHealth(port, 60_000);
    return bops;
  }

  it('finishes a rap whose render was killed, once', { timeout: 360_000 }, async () => {
    const port = freePort();
    const base = `http://localhost:${port}`;
    environment = await createTestEnvironment('pglite', { PUBLIC_URL: base });
    const first = await start(port);
    const headers = await signUpOverHttp(base, 'crash@example.test', 'Crash Test');
    const lyrics = Array.from(
      { length: 4 },
      () => 'We keep it moving every single night\nThe city lights are burning oh so bright',
    ).join('\n');
    // Killed while it renders.
    const { running: song, made: songsMade } = await firstSeenRunning(
      (attempt) =>
        createRapOverHttp(base, headers, {
          musicName: `Crash Song ${attempt}`,
          musicContext: lyrics,
          contactEmail: 'crash@example.test',
        }),
      async (made) =>
        (await waitFor(
          async () => {
            assertStillRunning(first);
            const status = await made.status();
            if (status === 'failed') throw new Error('The render failed before it was seen running');
            return status === 'running' || status === 'completed' ? status : false;
          },
          60_000,
          'the render to start',
        )) === 'running',
    );
    const { musicId, status: progress } = song;

    first.child.kill('SIGKILL');
    await first.exited;
    await start(port);

    await waitFor(
      async () => (await progress()) === 'completed',
      150_000,
      'the render to complete after the restart',
    );
    const music = await dataOf<{ src: string }>(fetch(`${base}/api/music/getMusic/${musicId}`, { headers }));
    expect(music.src).not.toBe('');
    const audio = await fetch(`${base}${music.src}`, { headers });
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
    const playlists = await dataOf<Array<{ isDefault: boolean; numMusics: number }>>(
      fetch(`${base}/api/music/playlists`, { headers }),
    );
    expect(playlists.find((playlist) => playlist.isDefault)?.numMusics).toBe(songsMade);
    // Once: one "your song is ready" e-mail a song (sent just after completion), however many times its render started.
    await expect
      .poll(() => outboxMails(environment!.dataDir, 'To: crash@example.test').length, {
        timeout: 10_000,
      })
      .toBe(songsMade);
  });

  it('finishes an AI singer whose build was killed, once', { timeout: 480_000 }, async () => {
    const port = freePort();
    const base = `http://localhost:${port}`;
    environment = await createTestEnvironment('pglite', { PUBLIC_URL: base, METRICS_TOKEN });
    const first = await start(port);
    const headers = await signUpOverHttp(base, 'crash@example.test', 'Crash Test');
    // Killed in the middle of the build, not before it started. On two cores shared with other test
    // files (and anything else), the queue took over a minute to start it, and once over two and a half;
    // and once the test's own requests stalled for longer than the whole build, so a build that ends
    // unseen is followed by another AI singer's.
    const { running: singer, made: singersMade } = await firstSeenRunning(
      (attempt) => createSingerOverHttp(base, headers, `Crash Voice ${attempt}`, 40),
      (made) => waitUntilBuilding(first, base, made.status, 270_000),
    );
    const status = singer.status;
    first.child.kill('SIGKILL');
    await first.exited;
    await start(port);

    await waitFor(
      async () => (await status()) === 'ready',
      150_000,
      'the AI singer to be ready after the restart',
    );
    const profile = await dataOf<{ voiceclones: unknown[] }>(
      fetch(`${base}/api/user/bops_profile`, { headers }),
    );
    expect(profile.voiceclones).toHaveLength(singersMade);
    // Once: one "ready" e-mail for each AI singer, the killed build's included.
    await expect
      .poll(() => outboxMails(environment!.dataDir, 'Subject: Your AI singer is ready').length, {
        timeout: 10_000,
      })
      .toBe(singersMade);
  });

  it('finishes a song cover whose render was killed, once', { timeout: 420_000 }, async () => {
    const port = freePort();
    const base = `http://localhost:${port}`;
    environment = await createTestEnvironment('pglite', { PUBLIC_URL: base });
    const first = await start(port);
    const headers = await signUpOverHttp(base, 'cover-crash@example.test', 'Cover Crash');
    const multipart = { cookie: headers.cookie ?? '', origin: base };
    const { id: voiceProfileId, status: singerStatus } = await createSingerOverHttp(
      base,
      headers,
      'Crash Singer',
      25,
    );
    await waitFor(async () => (await singerStatus()) === 'ready', 150_000, 'the AI singer to be ready');

    const cover = new FormData();
    cover.set('voice_clone_id', voiceProfileId);
    cover.set('song_title', 'Crash Cover');
    cover.set('song', new Blob([await makeTestSongMp3(20)], { type: 'audio/mpeg' }), 'song.mp3');
    const { task_id: taskId, musicId } = await dataOf<{ task_id: string; musicId: string }>(
      fetch(`${base}/api/music/create_song_cover`, { method: 'POST', headers: multipart, body: cover }),
    );
    const progress = () =>
      dataOf<{ status: string; phase: string }>(fetch(`${base}/api/music/creations/${taskId}`, { headers }));
    // Killed inside the engine's work, past fetching the song.
    await waitFor(
      async () => {
        const now = await progress();
        return now.status === 'running' && now.phase !== '' && now.phase !== 'fetching-song';
      },
      90_000,
      'the cover to start rendering',
    );
    first.child.kill('SIGKILL');
    await first.exited;
    await start(port);

    await waitFor(
      async () => (await progress()).status === 'completed',
      200_000,
      'the cover to complete after the restart',
    );
    const music = await dataOf<{ src: string; stems?: { vocals: string; accompaniment: string } }>(
      fetch(`${base}/api/music/getMusic/${musicId}`, { headers }),
    );
    for (const url of [music.src, music.stems?.vocals, music.stems?.accompaniment]) {
      expect(url).toBeTruthy();
      const file = await fetch(`${base}${url}`, { headers });
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
    }
    // Once: one song in My Bops and one task, however many times the render started.
    const playlists = await dataOf<Array<{ isDefault: boolean; numMusics: number }>>(
      fetch(`${base}/api/music/playlists`, { headers }),
    );
    expect(playlists.find((playlist) => playlist.isDefault)?.numMusics).toBe(1);
    expect(await dataOf<{ count: number }>(fetch(`${base}/api/music/processes`, { headers }))).toEqual({
      count: 0,
    });
  });
});
