import { encodeWav, synthVoice } from '@bops/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnBops, waitFor, waitForHealth, type SpawnedProcess } from './test/spawn-bops.ts';
import { cookieHeaderFrom } from './test/factories.ts';
import { createTestEnvironment, type TestEnvironment } from './test/test-runtime.ts';

/**
 * A worker killed with SIGKILL in the middle of a job: after a restart on the same data, the job is
 * picked up again and its result exists exactly once.
 */
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

  async function signUp(base: string): Promise<string> {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'crash@example.test', password: 'long enough pass', name: 'Crash Test' }),
    });
    expect(response.status).toBe(200);
    return cookieHeaderFrom(response.headers.getSetCookie());
  }

  it('finishes a rap whose render was killed, once', { timeout: 240_000 }, async () => {
    const port = freePort();
    const base = `http://localhost:${port}`;
    environment = await createTestEnvironment('pglite', { PUBLIC_URL: base });
    const first = await start(port);
    const cookie = await signUp(base);
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const lyrics = Array.from(
      { length: 4 },
      () => 'We keep it moving every single night\nThe city lights are burning oh so bright',
    ).join('\n');
    const created = await fetch(`${base}/api/music/createMusic/v3`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        musicName: 'Crash Song',
        musicContext: lyrics,
        artist_id: 'mc-volt',
        mixmusic_id: 'na',
      }),
    });
    expect(created.status).toBe(200);
    const { task_id: taskId, musicId } = (
      (await created.json()) as { data: { task_id: string; musicId: string } }
    ).data;
    const progress = async () =>
      (
        (await (await fetch(`${base}/api/music/creations/${taskId}`, { headers })).json()) as {
          data: { status: string; phase: string };
        }
      ).data;
    await waitFor(async () => (await progress()).status === 'running', 60_000, 'the render to start');

    first.child.kill('SIGKILL');
    await first.exited;
    await start(port);

    await waitFor(
      async () => (await progress()).status === 'completed',
      150_000,
      'the render to complete after the restart',
    );
    const music = (
      (await (await fetch(`${base}/api/music/getMusic/${musicId}`, { headers })).json()) as {
        data: { src: string };
      }
    ).data;
    expect(music.src).not.toBe('');
    const audio = await fetch(`${base}${music.src}`, { headers });
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
    const playlists = (
      (await (await fetch(`${base}/api/music/playlists`, { headers })).json()) as {
        data: Array<{ isDefault: boolean; numMusics: number }>;
      }
    ).data;
    expect(playlists.find((playlist) => playlist.isDefault)?.numMusics).toBe(1);
  });

  it('finishes an AI singer whose build was killed, once', { timeout: 240_000 }, async () => {
    const port = freePort();
    const base = `http://localhost:${port}`;
    environment = await createTestEnvironment('pglite', { PUBLIC_URL: base });
    const first = await start(port);
    const cookie = await signUp(base);
    const body = new FormData();
    body.set('voice_clone_nickname', 'Crash Voice');
    body.set('terms', 'true');
    body.set(
      'audio',
      new Blob([encodeWav({ sampleRate: 16000, channels: [synthVoice({ seconds: 40 })] })], {
        type: 'audio/wav',
      }),
      'voice.wav',
    );
    const created = await fetch(`${base}/api/music/voice_clone/create/v2`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body,
    });
    expect(created.status).toBe(200);
    const { voiceProfileId } = ((await created.json()) as { data: { voiceProfileId: string } }).data;

    first.child.kill('SIGKILL');
    await first.exited;
    await start(port);

    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const status = async () =>
      (
        (await (
          await fetch(`${base}/api/music/voice_clone/retrieve`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ voice_clone_id: voiceProfileId }),
          })
        ).json()) as {
          data: { status: string };
        }
      ).data.status;
    await waitFor(
      async () => (await status()) === 'ready',
      150_000,
      'the AI singer to be ready after the restart',
    );
    const profile = (
      (await (await fetch(`${base}/api/user/bops_profile`, { headers })).json()) as {
        data: { voiceclones: unknown[] };
      }
    ).data;
    expect(profile.voiceclones).toHaveLength(1);
  });
});
