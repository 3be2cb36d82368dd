import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SONG_COVER_LIMITS } from '@bops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationTasks, musicItems } from '../db/schema.ts';
import { DAILY_LIMIT_MESSAGE } from '@bops/shared/api/creation';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import {
  buildReadyVoiceClone,
  hostileSongFiles,
  makeLowBitrateMp3,
  makeTestSongMp3,
  makeTestSongWav,
  multipartForm,
} from '../test/song-cover-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('song cover API on %s (no workers)', (kind) => {
  let runtime: TestRuntime;
  let song: Uint8Array;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, {
      // No yt-dlp here, whatever the machine has: links are unavailable and say so.
      // Five uploads at once from one person race for the daily limit, not for the upload places.
      env: { DAILY_CREATION_LIMIT: '2', YTDLP_PATH: '/nonexistent/yt-dlp', UPLOADS_PER_PERSON: '5' },
      start: { workers: false },
    });
    song = await makeTestSongMp3(4);
  }, 120_000);
  afterAll(async () => runtime?.destroy());

  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const createJson = (user: TestUser, body: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/music/create_song_cover', headers: as(user), payload: body });
  const upload = (
    user: TestUser,
    fields: Record<string, string>,
    file: { filename: string; bytes: Uint8Array } | null,
  ) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(file ? [{ name: 'song', filename: file.filename, type: 'audio/mpeg', bytes: file.bytes }] : []),
    ]);
    return inject({
      method: 'POST',
      url: '/api/music/create_song_cover',
      headers: as(user, form.headers),
      payload: form.payload,
    });
  };
  const tasksOf = (user: TestUser) =>
    runtime.database.db.select().from(creationTasks).where(eq(creationTasks.userId, user.id));
  const songsOf = (user: TestUser) =>
    runtime.database.db.select().from(musicItems).where(eq(musicItems.ownerId, user.id));
  const storedKeys = () => runtime.storage.list('music/');

  it('tells the form that links cannot be fetched here, and why', async () => {
    const user = await buildUser(runtime.app!);
    const response = await inject({ method: 'GET', url: '/api/music/song_cover/options', headers: as(user) });
    expect(response.statusCode).toBe(200);
    const { linkImport } = response.json().data;
    expect(linkImport.available).toBe(false);
    expect(linkImport.reason).toMatch(/Please upload the song file instead\.$/);
    expect(linkImport.sites).toContain('YouTube');
    expect((await inject({ method: 'GET', url: '/api/music/song_cover/options' })).statusCode).toBe(401);
  });

  it('refuses a signed-out request', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/music/create_song_cover',
      payload: { voice_clone_id: 'x', song_title: 'A', song_url: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no title', { song_title: '  ' }, 'song_title: This field is required'],
    ['an over-long title', { song_title: 'x'.repeat(101) }, 'song_title: Please use at most 100 characters'],
    ['no AI singer', { voice_clone_id: '' }, 'voice_clone_id: This field is required'],
    [
      'a shift out of range',
      { shift: 13 },
      'shift: Please choose Auto or a whole number of semitones from -12 to +12',
    ],
    [
      'a fractional shift',
      { shift: 1.5 },
      'shift: Please choose Auto or a whole number of semitones from -12 to +12',
    ],
    [
      'a vocal level out of range',
      { vocal_level: -20 },
      'vocal_level: Please keep the vocal level between -12 and +12 dB',
    ],
  ])('refuses %s with 400 and records nothing', async (_what, override, message) => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const response = await upload(
      user,
      Object.fromEntries(
        Object.entries({ voice_clone_id: singer.id, song_title: 'My Cover', ...override }).map(([k, v]) => [
          k,
          String(v),
        ]),
      ),
      { filename: 'song.mp3', bytes: song },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await tasksOf(user)).toEqual([]);
  });

  it('needs a link or a file, not both and not neither', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const neither = await createJson(user, { voice_clone_id: singer.id, song_title: 'A' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('Please paste a song link or choose a song file.');
    const both = await upload(
      user,
      { voice_clone_id: singer.id, song_title: 'A', song_url: 'https://youtu.be/dQw4w9WgXcQ' },
      { filename: 'song.mp3', bytes: song },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Please give either a song link or a song file, not both.');
    expect(await tasksOf(user)).toEqual([]);
  });

  it("answers 404 for someone else's or an unknown AI singer, and the words of docs/PRODUCT.md#errors for one not ready", async () => {
    const owner = await buildUser(runtime.app!);
    const other = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, owner);
    for (const id of [singer.id, '6f1c1f4e-0000-4000-8000-000000000000']) {
      const response = await upload(
        other,
        { voice_clone_id: id, song_title: 'Mine now' },
        {
          filename: 'song.mp3',
          bytes: song,
        },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('There is no such AI singer.');
    }
    const building = await buildReadyVoiceClone(runtime, other, { status: 'processing' });
    const early = await upload(
      other,
      { voice_clone_id: building.id, song_title: 'Too soon' },
      {
        filename: 'song.mp3',
        bytes: song,
      },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Voice is not ready to use yet. Please try again later.');
    expect(await tasksOf(other)).toEqual([]);
  });

  it('answers a link, while links cannot be fetched, with the reason and the upload offer', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const response = await createJson(user, {
      voice_clone_id: singer.id,
      song_title: 'From a link',
      song_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^Song links can't be imported on this server.*Please upload the song file instead\.$/,
    );
    expect(await tasksOf(user)).toEqual([]);
  });

  it(
    'refuses hostile song files with a clear 4xx, stores nothing, and keeps answering meanwhile',
    { timeout: 60_000 },
    async () => {
      const user = await buildUser(runtime.app!);
      const singer = await buildReadyVoiceClone(runtime, user);
      const before = await storedKeys();
      const fields = { voice_clone_id: singer.id, song_title: 'Hostile' };
      for (const file of hostileSongFiles(makeTestSongWav(4))) {
        const response = await upload(user, fields, file);
        expect([400, 415], file.name).toContain(response.statusCode);
        expect(response.json().message.length, file.name).toBeGreaterThan(15);
        expect(response.json().message, file.name).not.toMatch(/error|exception|stack/i);
      }
      // Three hours at 8 kbps is small enough for any size cap; decoding stops at the ten-minute mark, on a
      // worker thread, while the server keeps answering.
      const long = upload(user, fields, { filename: 'long.mp3', bytes: makeLowBitrateMp3(3 * 3600) });
      const health = await inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const longResponse = await long;
      expect(longResponse.statusCode).toBe(400);
      expect(longResponse.json().message).toBe(
        'The song is longer than 10 minutes. Please choose a shorter song.',
      );

      const tooLarge = await upload(user, fields, {
        filename: 'huge.wav',
        bytes: new Uint8Array(SONG_COVER_LIMITS.maxSongBytes + 1024),
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(await tasksOf(user)).toEqual([]);
      expect(await songsOf(user)).toEqual([]);
      expect(await storedKeys()).toEqual(before);
      // Nor is anything left where uploads arrive.
      const uploads = path.join(runtime.config.dataDir, 'uploads');
      const left = await fs.readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => []);
      expect(left.filter((entry) => entry.isFile())).toEqual([]);
    },
  );

  it('accepts an uploaded song: the song rendering in My Bops, a queued task, the song kept for the job', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user, { nickname: 'Velvet' });
    const response = await upload(
      user,
      { voice_clone_id: singer.id, song_title: 'Cover Me', shift: '-5', vocal_level: '3' },
      { filename: 'song.mp3', bytes: song },
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      submitted: true,
      task_id: expect.any(String),
      musicId: expect.any(String),
      creatorNickname: 'Velvet',
    });
    expect(data.tasks).toEqual([data.task_id]);
    expect(data.estimation).toBeGreaterThanOrEqual(15);
    // The creation cookie records it, as it records a rap.
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('createdMusics='));
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!)).toBe(JSON.stringify([data.musicId]));

    const [task] = await tasksOf(user);
    expect(task).toMatchObject({
      id: data.task_id,
      kind: 'song_cover',
      status: 'queued',
      musicId: data.musicId,
    });
    const [row] = await songsOf(user);
    expect(row).toMatchObject({ id: data.musicId, name: 'Cover Me', status: 'rendering', author: 'Velvet' });
    expect(row!.context).toMatchObject({
      creationType: 'song_cover',
      voiceCloneIds: [singer.id],
      cover: { sourceKey: `music/${data.musicId}/source.mp3`, shift: -5, vocalLevel: 3 },
    });
    expect(
      Buffer.compare((await runtime.storage.readAll(`music/${data.musicId}/source.mp3`))!, Buffer.from(song)),
    ).toBe(0);

    const playlists = (await inject({ method: 'GET', url: '/api/music/playlists', headers: as(user) })).json()
      .data;
    const myBops = playlists.find((playlist: { isDefault: boolean }) => playlist.isDefault);
    const listed = (
      await inject({ method: 'GET', url: `/api/music/playlist/${myBops.id}`, headers: as(user) })
    ).json().data;
    const item = listed.musics.find((music: { musicId: string }) => music.musicId === data.musicId);
    expect(item).toMatchObject({ status: 'rendering', src: '', download: '' });
    expect(item.stems).toBeUndefined();
    for (const stem of ['vocals', 'accompaniment']) {
      const file = await inject({
        method: 'GET',
        url: `/api/music/${data.musicId}/${stem}`,
        headers: as(user),
      });
      expect(file.statusCode).toBe(404);
    }
    const progress = await inject({
      method: 'GET',
      url: `/api/music/creations/${data.task_id}`,
      headers: as(user),
    });
    expect(progress.json().data).toMatchObject({ status: 'queued', musicId: data.musicId });
    const count = await inject({ method: 'GET', url: '/api/music/processes', headers: as(user) });
    expect(count.json().data).toEqual({ count: 1 });
  });

  it('counts covers toward the daily limit, one at a time under parallel submits', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const wav = makeTestSongWav(2);
    const fields = { voice_clone_id: singer.id, song_title: 'Again' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => upload(user, fields, { filename: 'song.wav', bytes: wav })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe(DAILY_LIMIT_MESSAGE);
    expect(await tasksOf(user)).toHaveLength(2);
    // The refused ones left no song file behind.
    const sources = (await storedKeys()).filter((key) => key.endsWith('/source.wav'));
    const ids = new Set((await songsOf(user)).map((row) => row.id));
    expect(sources.filter((key) => ids.has(key.split('/')[1]!))).toHaveLength(2);
    expect(sources.filter((key) => !ids.has(key.split('/')[1]!))).toEqual([]);
  });
});
