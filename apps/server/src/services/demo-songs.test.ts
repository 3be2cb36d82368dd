import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../jobs/job-handlers.ts';
import type { JobPayload } from '../jobs/job-types.ts';
import { MusicRepository } from '../repositories/music.repository.ts';
import { as, buildUser } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';
import { DEMO_SONGS } from './demo-songs.ts';
import { renderCoverArt } from '../images/cover-art.ts';
import { songArtInputs } from './song-art.ts';

describe.each(testDatabaseKinds)('demo songs on %s', (kind) => {
  describe('queueing', () => {
    let runtime: TestRuntime;
    const rendered: string[] = [];
    beforeAll(async () => {
      runtime = await startTestRuntime(kind, {
        start: {
          handlers: {
            ...jobHandlers,
            'seed-demo-songs': async (payload: JobPayload<'seed-demo-songs'>) => {
              rendered.push(payload.demoId);
            },
          },
        },
      });
    });
    afterAll(async () => runtime?.destroy());

    it('queues one keyed job per demo song, once', async () => {
      expect(await runtime.services.demoSongs.ensureQueued()).toBe(8);
      expect(await runtime.services.demoSongs.ensureQueued()).toBe(0);
      const deadline = Date.now() + 30_000;
      while (rendered.length < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect([...rendered].sort()).toEqual(DEMO_SONGS.map((song) => song.id).sort());
    });
  });

  describe('rendering', () => {
    let runtime: TestRuntime;
    const demo = DEMO_SONGS[1]!;
    beforeAll(async () => {
      runtime = await startTestRuntime(kind);
    });
    afterAll(async () => runtime?.destroy());
    const inject = (options: InjectOptions) => runtime.app!.inject(options);

    it('renders a demo song with the engine, makes it public and puts it in the Demo playlist', async () => {
      await runtime.queue.send('seed-demo-songs', { demoId: demo.id }, { key: 'test-render' });
      const music = new MusicRepository(runtime.database.db);
      const deadline = Date.now() + 180_000;
      let row = await music.findById(demo.id);
      while (row?.status !== 'ready' && Date.now() < deadline) {
        expect(row?.status).not.toBe('failed');
        await new Promise((r) => setTimeout(r, 250));
        row = await music.findById(demo.id);
      }
      expect(row?.status).toBe('ready');

      const user = await buildUser(runtime.app!);
      const song = (
        await inject({ method: 'GET', url: `/api/music/getMusic/${demo.id}`, headers: as(user) })
      ).json().data;
      expect(song).toMatchObject({
        musicId: demo.id,
        musicName: demo.title,
        author: 'Deacon Grey',
        status: 'ready',
        public: true,
        createdBy: '',
        src: `/api/music/${demo.id}/audio`,
        cover: expect.stringMatching(new RegExp(`^/api/music/${demo.id}/cover\\?v=[0-9a-f]{16}$`)),
        context: { creationType: 'demo', rapperId: 'deacon-grey', mixMusicId: demo.musicSelectionId },
      });
      expect(song.duration).toBeGreaterThan(5);

      // A visitor with the link hears it: an MP3 (ID3 tag or frame sync), a cover and timed lyrics.
      const audio = await inject({
        method: 'GET',
        url: `/api/music/${demo.id}/audio`,
        headers: { range: 'bytes=0-2' },
      });
      expect(audio.statusCode).toBe(206);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      const head = audio.rawPayload;
      expect(head.toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)).toBe(
        true,
      );
      // Its cover is drawn from its title, beat and artist like every song's: the same inputs, the same picture.
      const cover = await inject({ method: 'GET', url: song.cover });
      expect(cover.headers['content-type']).toBe('image/jpeg');
      expect(cover.rawPayload).toEqual((await renderCoverArt(songArtInputs(row!), 'cover')).body);
      const lyrics = await inject({ method: 'GET', url: `/api/music/${demo.id}/lyrics` });
      expect(lyrics.body).toMatch(/^\[\d\d:\d\d\.\d\d\]/m);

      const playlist = (
        await inject({ method: 'GET', url: '/api/music/playlist/top-songs', headers: as(user) })
      ).json().data;
      expect(playlist.musicIds).toEqual([demo.id]);
      const list = (await inject({ method: 'GET', url: '/api/music/playlists', headers: as(user) })).json()
        .data;
      expect(list[0]).toMatchObject({
        id: 'top-songs',
        title: 'Demo',
        numMusics: 1,
        cover: expect.stringMatching(new RegExp(`^/api/music/${demo.id}/thumbnail\\?v=[0-9a-f]{16}$`)),
      });

      // Running again leaves the finished song alone.
      const before = row!.updatedAt.getTime();
      await runtime.services.demoSongs.render(demo.id, {
        signal: new AbortController().signal,
        lastAttempt: false,
      });
      expect((await music.findById(demo.id))!.updatedAt.getTime()).toBe(before);
    });
  });
});
