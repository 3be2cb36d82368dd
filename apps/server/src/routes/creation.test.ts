import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { analyzeAudio } from '@bops/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creationTasks, playlistItems, playlists } from '../db/schema.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';
import { DAILY_LIMIT_MESSAGE } from '@bops/shared/api/creation';

const lyrics = 'We came to rock the city tonight\nEvery single beat is hitting just right';

function createBody(overrides: Record<string, unknown> = {}) {
  return {
    creatorNickname: 'DJ Test',
    musicName: 'Test Anthem',
    musicContext: lyrics,
    contactEmail: '',
    artist_id: 'mc-volt',
    voice_clone_id: '',
    vocal_artist_id: '',
    mixmusic_id: 'na',
    version: '1.0',
    ...overrides,
  };
}

describe.each(testDatabaseKinds)('rap creation API on %s (no workers)', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { DAILY_CREATION_LIMIT: '3' }, start: { workers: false } });
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const create = (user: TestUser, body: unknown) =>
    inject({ method: 'POST', url: '/api/music/createMusic/v3', headers: as(user), payload: body as object });
  const tasksOf = async (user: TestUser) =>
    runtime.database.db.select().from(creationTasks).where(eq(creationTasks.userId, user.id));

  it('lists rappers and singers, and music selections keyed by file name with moods', async () => {
    const artists = (await inject({ method: 'GET', url: '/api/music/rapArtists/v3' })).json().data;
    expect(artists.rap_artists.length).toBeGreaterThanOrEqual(6);
    expect(artists.singer_artists.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(artists.rap_artists[0]).sort()).toEqual(
      ['artist_id', 'artist_voice', 'description', 'gender', 'name', 'preview', 'style'].sort(),
    );
    const selections = (await inject({ method: 'GET', url: '/api/music/mixMusicSelection_v2' })).json().data;
    const entries = Object.entries(selections.musics) as Array<[string, Record<string, unknown>]>;
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const [fileName, music] of entries) {
      expect(music.id).toBe(fileName);
      expect(music).toMatchObject({
        name: expect.any(String),
        artist: expect.any(String),
        mood: expect.any(String),
        bpm: expect.any(Number),
        playLength: expect.any(Number),
      });
    }
    expect(selections.moods.map((m: { id: string }) => m.id)).toEqual(
      expect.arrayContaining(['chill', 'dark', 'hype', 'sad', 'happy', 'boom-bap']),
    );
  });

  it.each([
    ['empty lyrics', { musicContext: '   ' }, 'musicContext: This field is required'],
    [
      'over-long lyrics',
      { musicContext: 'la '.repeat(1001) },
      'musicContext: Please keep the lyrics under 3000 characters',
    ],
    [
      'lyrics with an emoji',
      { musicContext: 'We on fire 🔥' },
      'musicContext: The lyrics contain "🔥" (in "🔥"), which we cannot sing. Write it as words or remove it.',
    ],
    ['no title', { musicName: '' }, 'musicName: This field is required'],
    ['an unknown artist', { artist_id: 'nobody' }, 'artist_id: There is no artist "nobody".'],
    ['no artist', { artist_id: 'na' }, 'artist_id: Please choose an artist.'],
    ['an unknown beat', { mixmusic_id: 'no-such-beat' }, 'mixmusic_id: There is no music "no-such-beat".'],
    ['a malformed e-mail', { contactEmail: 'not-an-email' }, 'contactEmail: Email is invalid'],
    [
      'an unknown style',
      { style: 'polka' },
      'style: Please choose one of these styles: straight, laid-back, double-time, triplet, choppy, melodic',
    ],
  ])('refuses %s with 400 and queues nothing', async (_what, override, message) => {
    const user = await buildUser(runtime.app!);
    const response = await create(user, createBody(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await tasksOf(user)).toEqual([]);
  });

  it("sends the song-ready note to the account's own address only", async () => {
    const user = await buildUser(runtime.app!);
    const response = await create(user, createBody({ contactEmail: 'someone-else@example.test' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `contactEmail: The note can only go to your account's address, ${user.email}. Type that address or leave the field empty.`,
    );
    expect(await tasksOf(user)).toEqual([]);
  });

  it('accepts a creation: the song exists at once, empty src until ready, and the cookie records it', async () => {
    const user = await buildUser(runtime.app!);
    const response = await create(
      user,
      createBody({ contactEmail: user.email.toUpperCase(), mixmusic_id: '' }),
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      submitted: true,
      task_id: expect.any(String),
      estimation: expect.any(Number),
      musicId: expect.any(String),
      creatorNickname: 'DJ Test',
    });
    expect(data.tasks).toEqual([data.task_id]);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('createdMusics='));
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Max-Age=86400/i);
    expect(decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!)).toBe(JSON.stringify([data.musicId]));
    const progress = await inject({
      method: 'GET',
      url: `/api/music/creations/${data.task_id}`,
      headers: as(user),
    });
    expect(progress.json().data).toMatchObject({ status: 'queued', musicId: data.musicId });
    const other = await buildUser(runtime.app!);
    expect(
      (await inject({ method: 'GET', url: `/api/music/creations/${data.task_id}`, headers: as(other) }))
        .statusCode,
    ).toBe(404);
    const count = await inject({ method: 'GET', url: '/api/music/processes', headers: as(user) });
    expect(count.json().data).toEqual({ count: 1 });
  });

  // The embedded database runs it 100 times over; PostgreSQL, slower per request here, 20 times.
  const rounds = kind === 'pglite' ? 100 : 20;
  it(
    `lets exactly one of 50 parallel creations through at the daily limit, ${rounds} times over`,
    { timeout: 600_000 },
    async () => {
      for (let round = 0; round < rounds; round++) {
        const user = await buildUser(runtime.app!);
        for (let i = 0; i < 2; i++) expect((await create(user, createBody())).statusCode).toBe(200);
        const responses = await Promise.all(Array.from({ length: 50 }, () => create(user, createBody())));
        const accepted = responses.filter((r) => r.statusCode === 200);
        const refused = responses.filter((r) => r.statusCode === 429);
        expect(accepted).toHaveLength(1);
        expect(refused).toHaveLength(49);
        expect(refused[0]!.json().message).toBe(DAILY_LIMIT_MESSAGE);
        expect(await tasksOf(user)).toHaveLength(3);
      }
    },
  );

  it('gives a failed creation its slot back', async () => {
    const user = await buildUser(runtime.app!);
    for (let i = 0; i < 3; i++) expect((await create(user, createBody())).statusCode).toBe(200);
    expect((await create(user, createBody())).statusCode).toBe(429);
    const [first] = await tasksOf(user);
    await runtime.database.db
      .update(creationTasks)
      .set({ status: 'failed' })
      .where(eq(creationTasks.id, first!.id));
    expect((await create(user, createBody())).statusCode).toBe(200);
  });
});

describe('rendering a rap through the job queue', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
  });
  afterAll(async () => runtime?.destroy());

  it(
    'renders, streams progress, files the song in My Bops and mails the creator',
    { timeout: 180_000 },
    async () => {
      const user = await buildUser(runtime.app!);
      const engineCalls = vi.spyOn(runtime.cpu, 'run');
      const response = await runtime.app!.inject({
        method: 'POST',
        url: '/api/music/createMusic/v3',
        headers: as(user),
        payload: createBody({ contactEmail: user.email, mixmusic_id: 'na', style: 'laid-back' }),
      });
      expect(response.statusCode).toBe(200);
      const { task_id: taskId, musicId } = response.json().data as { task_id: string; musicId: string };

      await waitFor(
        async () => (await runtime.services.creation.progress(user.id, taskId)).status === 'completed',
        150_000,
        'the render to complete',
      );
      const events = await runtime.app!.inject({
        method: 'GET',
        url: `/api/music/creations/${taskId}/events`,
        headers: as(user),
      });
      expect(events.headers['content-type']).toContain('text/event-stream');
      expect(events.body).toMatch(/event: progress\ndata: .*"status":"completed"/);

      // "No music" ("na") asks the engine for the voice alone.
      const renderCall = engineCalls.mock.calls.find(([task]) => task === 'render-rap');
      expect(renderCall?.[1]).toMatchObject({ request: { accompaniment: 'none', flowStyle: 'laid-back' } });
      engineCalls.mockRestore();

      const song = await runtime.storage.readAll(`music/${musicId}/song.mp3`);
      expect(song!.length).toBeGreaterThan(10_000);
      // The MP3 as a listener gets it: its length is the song's, and it sits at streaming loudness.
      const analysis = await analyzeAudio(new Uint8Array(song!), { tempoAndKey: false });
      const stored = (
        await runtime.app!.inject({ method: 'GET', url: `/api/music/getMusic/${musicId}`, headers: as(user) })
      ).json().data as { duration: number };
      expect(Math.abs(analysis.durationSeconds - stored.duration)).toBeLessThan(0.2);
      expect(analysis.integratedLufs).toBeGreaterThan(-15);
      expect(analysis.integratedLufs).toBeLessThan(-13);
      expect(analysis.truePeakDbtp).toBeLessThanOrEqual(-0.9);
      expect(
        song!.subarray(0, 3).toString('latin1') === 'ID3' ||
          (song![0] === 0xff && (song![1]! & 0xe0) === 0xe0),
      ).toBe(true);
      const lrc = (await runtime.storage.readAll(`music/${musicId}/lyrics.lrc`))!.toString();
      expect(lrc).toMatch(/\[\d\d:\d\d\.\d\d\]/);

      const [defaultPlaylist] = await runtime.database.db
        .select()
        .from(playlists)
        .where(and(eq(playlists.ownerId, user.id), eq(playlists.kind, 'default')));
      const items = await runtime.database.db
        .select()
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, defaultPlaylist!.id));
      expect(items.map((item) => item.musicId)).toEqual([musicId]);

      const outbox = path.join(runtime.config.dataDir, 'outbox');
      const mails = await fs.readdir(outbox);
      expect(mails).toHaveLength(1);
      const mail = await fs.readFile(path.join(outbox, mails[0]!), 'utf8');
      expect(mail).toContain(`To: ${user.email}`);
      expect(mail).toContain(`/listen/${musicId}`);

      // And in the app, for a person who left the progress page: one notice, linking to the song.
      const notices = (
        await runtime.app!.inject({ method: 'GET', url: '/api/notices', headers: as(user) })
      ).json().data as Array<{ kind: string; text: string; link: string }>;
      expect(notices).toEqual([
        expect.objectContaining({
          kind: 'song_ready',
          text: `Your song "${createBody().musicName}" is ready.`,
          link: `/listen/${musicId}`,
        }),
      ]);
    },
  );
});
