import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musicListeners } from '../db/schema.ts';
import { LISTEN_WINDOW_SECONDS } from '../services/music.service.ts';
import { as, buildUser, TEST_ORIGIN, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('songs, likes and listens on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  async function publish(owner: TestUser, musicIds: string[]) {
    const created = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(owner),
      payload: { playlistName: 'Public', private: false },
    });
    const id = created.json().data.id as string;
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${id}`,
      headers: as(owner),
      payload: { musicIds },
    });
    return id;
  }

  it('answers a song in the shape of docs/PRODUCT.md#entities, with the contact e-mail for its owner only', async () => {
    const owner = await buildUser(runtime.app!);
    const listener = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner, { name: 'Tested Bop', durationSeconds: 187.5 });
    const response = await inject({
      method: 'GET',
      url: `/api/music/getMusic/${song.id}`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({
      musicId: song.id,
      musicName: 'Tested Bop',
      src: `/api/music/${song.id}/audio`,
      lyrics: `/api/music/${song.id}/lyrics`,
      thumbnail: expect.stringMatching(new RegExp(`^/api/music/${song.id}/thumbnail\\?v=[0-9a-f]{16}$`)),
      cover: expect.stringMatching(new RegExp(`^/api/music/${song.id}/cover\\?v=[0-9a-f]{16}$`)),
      waveform: `/api/music/${song.id}/waveform`,
      download: `/api/music/${song.id}/download`,
      author: 'MC Test',
      email: 'maker@example.test',
      duration: 187.5,
      liked: false,
      likes: 0,
      views: 0,
      archieve: false,
      created: song.createdAt.toISOString(),
      changed: song.updatedAt.toISOString(),
      prompt: 'a song about tests',
      context: {
        voiceCloneIds: [],
        creationType: 'rap',
        singerId: '',
        rapperId: 'rapper-1',
        mixMusicId: '',
        prompt: 'a song about tests',
        version: '1.0',
      },
      status: 'ready',
      public: false,
      createdBy: owner.id,
      credits: { artist: 'MC Test', beat: '' },
    });
    const hidden = await inject({
      method: 'GET',
      url: `/api/music/getMusic/${song.id}`,
      headers: as(listener),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('This song does not exist.');

    await publish(owner, [song.id]);
    const seen = await inject({
      method: 'GET',
      url: `/api/music/getMusic/${song.id}`,
      headers: as(listener),
    });
    expect(seen.json().data).toMatchObject({ musicId: song.id, email: '', public: true });
  });

  it('sends no audio for a song still rendering; its cover is drawn already', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner, { status: 'rendering', files: false });
    const data = (
      await inject({ method: 'GET', url: `/api/music/getMusic/${song.id}`, headers: as(owner) })
    ).json().data;
    expect(data).toMatchObject({
      status: 'rendering',
      src: '',
      download: '',
      lyrics: '',
      waveform: '',
      cover: expect.stringMatching(/^\/api\/music\/[^/]+\/cover\?v=[0-9a-f]{16}$/),
      thumbnail: expect.stringMatching(/^\/api\/music\/[^/]+\/thumbnail\?v=[0-9a-f]{16}$/),
    });
    const audio = await inject({ method: 'GET', url: `/api/music/${song.id}/audio`, headers: as(owner) });
    expect(audio.statusCode).toBe(404);
    expect(audio.json().message).toBe('This song is not ready yet.');
  });

  it('serves plain lyrics text when a song has no lyrics file', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner, { lyricsKey: null, lyricsText: 'yo yo\nbops all day' });
    const response = await inject({ method: 'GET', url: `/api/music/${song.id}/lyrics`, headers: as(owner) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('yo yo\nbops all day');
  });

  it('offers the audio as a download named after the song', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner, { name: 'Summer: "Hits"/2' });
    const response = await inject({
      method: 'GET',
      url: `/api/music/${song.id}/download`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Summer Hits 2.wav')}`,
    );
    expect(response.rawPayload.equals(song.audio)).toBe(true);
  });

  it('names a download without bidi characters, so a song kept from before still saves under its real name', async () => {
    const owner = await buildUser(runtime.app!);
    // A name stored before titles were cleaned: U+202E would make "My \u202Eexe.3pm" read "My mp3.exe".
    const song = await buildMusic(runtime, owner, { name: 'My \u202Eexe.\u2066evil\u2069' });
    const response = await inject({
      method: 'GET',
      url: `/api/music/${song.id}/download`,
      headers: as(owner),
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('My exe.evil.wav')}`,
    );
  });

  it('likes once per person, unlikes with count 0, and counts 100 concurrent likes as one', async () => {
    const owner = await buildUser(runtime.app!);
    const fan = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner);
    await publish(owner, [song.id]);
    const like = (user: TestUser, count?: number) =>
      inject({
        method: 'POST',
        url: `/api/music/social/like/${song.id}`,
        headers: as(user),
        payload: count === undefined ? {} : { count },
      });
    const results = await Promise.all(Array.from({ length: 100 }, () => like(fan)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.every((r) => r.json().data.liked === true)).toBe(true);
    const likes = results.map((r) => r.json().data.likes as number);
    expect(Math.max(...likes)).toBe(1);
    expect((await like(owner, 1)).json().data).toEqual({ musicId: song.id, liked: true, likes: 2 });
    const got = (
      await inject({ method: 'GET', url: `/api/music/getMusic/${song.id}`, headers: as(fan) })
    ).json().data;
    expect(got).toMatchObject({ liked: true, likes: 2 });
    expect((await like(fan, 0)).json().data).toEqual({ musicId: song.id, liked: false, likes: 1 });
    expect((await like(fan, -1)).json().data).toEqual({ musicId: song.id, liked: false, likes: 1 });
    const unliked = await Promise.all(Array.from({ length: 20 }, () => like(owner, 0)));
    expect(unliked.map((r) => r.json().data.likes)).toContain(0);
    const final = (
      await inject({ method: 'GET', url: `/api/music/getMusic/${song.id}`, headers: as(fan) })
    ).json().data;
    expect(final).toMatchObject({ liked: false, likes: 0 });
  });

  it('refuses likes from visitors and on songs the person cannot see', async () => {
    const owner = await buildUser(runtime.app!);
    const stranger = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner);
    const visitor = await inject({
      method: 'POST',
      url: `/api/music/social/like/${song.id}`,
      headers: { origin: TEST_ORIGIN },
      payload: { count: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    const hidden = await inject({
      method: 'POST',
      url: `/api/music/social/like/${song.id}`,
      headers: as(stranger),
      payload: { count: 1 },
    });
    expect(hidden.statusCode).toBe(404);
    expect((await runtime.services.music.get(owner.id, song.id)).likes).toBe(0);
  });

  it('counts concurrent listens of 300 different visitors exactly', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner);
    await publish(owner, [song.id]);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        inject({
          method: 'POST',
          url: `/api/music/social/view/${song.id}`,
          headers: { origin: TEST_ORIGIN },
          payload: {},
          remoteAddress: `198.18.${Math.floor(n / 200)}.${1 + (n % 200)}`,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode !== 200)).toEqual([]);
    const views = results.map((r) => r.json().data.views as number).sort((a, b) => a - b);
    // Each counted listen saw its own count: 1, 2, …, 300.
    expect(views).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect((await runtime.services.music.get(owner.id, song.id)).views).toBe(300);
  });

  it('counts one listen per listener and song in the window, however often or fast it is posted', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner);
    const other = await buildMusic(runtime, owner);
    await publish(owner, [song.id, other.id]);
    const listen = (musicId: string, options: Partial<InjectOptions> = {}) =>
      inject({
        method: 'POST',
        url: `/api/music/social/view/${musicId}`,
        payload: {},
        ...options,
        headers: { origin: TEST_ORIGIN, ...(options.headers as Record<string, string> | undefined) },
      });
    const views = async (musicId = song.id) => (await runtime.services.music.get(owner.id, musicId)).views;

    // The owner's player: 50 posts at once, then the song again after Next and Previous.
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => listen(song.id, { headers: as(owner) })),
    );
    expect(burst.every((r) => r.statusCode === 200 && r.json().data.views === 1)).toBe(true);
    expect((await listen(other.id, { headers: as(owner) })).json().data.views).toBe(1);
    expect((await listen(song.id, { headers: as(owner) })).json().data.views).toBe(1);
    expect(await views()).toBe(1);

    // A visitor is their address: 40 posts, with or without forged forwarding headers, count once.
    const visitor = { remoteAddress: '192.0.2.77' };
    for (let n = 0; n < 40; n += 1) {
      const forged = n % 2 === 0 ? { 'x-forwarded-for': `10.9.${n}.1` } : {};
      expect((await listen(song.id, { ...visitor, headers: forged })).statusCode).toBe(200);
    }
    expect(await views()).toBe(2);
    // Addresses of one IPv6 /64 are one device; another /64 is another listener.
    await listen(song.id, { remoteAddress: '2001:db8:1:2::1' });
    await listen(song.id, { remoteAddress: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' });
    expect(await views()).toBe(3);
    await listen(song.id, { remoteAddress: '2001:db8:1:3::1' });
    expect(await views()).toBe(4);

    // Once the window has passed, the same listener counts again, once.
    await runtime.database.db
      .update(musicListeners)
      .set({ countedAt: new Date(Date.now() - (LISTEN_WINDOW_SECONDS + 1) * 1000) })
      .where(eq(musicListeners.musicId, song.id));
    await Promise.all(Array.from({ length: 10 }, () => listen(song.id, { headers: as(owner) })));
    await listen(song.id, visitor);
    expect(await views()).toBe(6);
    expect(await views(other.id)).toBe(1);
  });

  it('limits how fast one visitor address may post listens', async () => {
    const owner = await buildUser(runtime.app!);
    const songs = [];
    for (let n = 0; n < 3; n += 1) songs.push(await buildMusic(runtime, owner));
    await publish(
      owner,
      songs.map((song) => song.id),
    );
    const statuses: number[] = [];
    for (let n = 0; n < 70; n += 1) {
      const response = await inject({
        method: 'POST',
        url: `/api/music/social/view/${songs[n % 3]!.id}`,
        headers: { origin: TEST_ORIGIN },
        payload: {},
        remoteAddress: '192.0.2.99',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.body).not.toMatch(/at .*\.ts:\d+/);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
    for (const song of songs) expect((await runtime.services.music.get(owner.id, song.id)).views).toBe(1);
  });

  it('shares a public song with anyone and sends browsers to its page', async () => {
    const owner = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, owner);
    const before = await inject({ method: 'GET', url: `/api/music/shared/${song.id}` });
    expect(before.statusCode).toBe(404);
    await publish(owner, [song.id]);
    const shared = await inject({ method: 'GET', url: `/api/music/shared/${song.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data).toMatchObject({ musicId: song.id, email: '', liked: false, public: true });
    const browser = await inject({
      method: 'GET',
      url: `/api/music/shared/${song.id}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/listen/${song.id}`);
    const view = await inject({ method: 'POST', url: `/api/music/social/view/${song.id}`, payload: {} });
    expect(view.json().data).toEqual({ musicId: song.id, views: 1 });
  });

  it('answers 404 for ids that cannot be songs', async () => {
    const user = await buildUser(runtime.app!);
    for (const url of [
      '/api/music/getMusic/..%2Fetc',
      '/api/music/getMusic/a%20b',
      '/api/music/x%2Fy/audio',
    ]) {
      const response = await inject({ method: 'GET', url, headers: as(user) });
      expect(response.statusCode).toBe(404);
    }
  });
});
