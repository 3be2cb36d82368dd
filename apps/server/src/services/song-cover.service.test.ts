import { decodeAudio, analyzeAudio } from '@bops/engine';
import { COVER_PHASE_DURATIONS_MS, COVER_PHASES } from '@bops/engine/catalog';
import { COVER_PHASE_IDS, COVER_PROGRESS_PHASES } from '@bops/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { creationTasks, musicItems, playlistItems, playlists } from '../db/schema.ts';
import type { JobRun } from '../jobs/job-queue.ts';
import { CreationRepository } from '../repositories/creation.repository.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildReadyVoiceClone, makeTestSongMp3, multipartForm } from '../test/song-cover-factories.ts';
import { startTestRuntime, type TestRuntime } from '../test/test-runtime.ts';
import { SONG_FAILED_REASON } from '@bops/shared/api/creation';

const attempt = (lastAttempt: boolean): JobRun => ({
  id: 'direct-call',
  retryCount: lastAttempt ? 2 : 0,
  lastAttempt,
  signal: new AbortController().signal,
});

describe('the remix track', () => {
  it('names the engine’s cover phases, in its order and with its durations', () => {
    expect([...COVER_PHASE_IDS]).toEqual([...COVER_PHASES]);
    expect(COVER_PROGRESS_PHASES.map((phase) => phase.durationMs)).toEqual(
      COVER_PHASES.map((phase) => COVER_PHASE_DURATIONS_MS[phase]),
    );
  });
});

// Workers are off: the job runs only when a test calls its handler.
describe('the render-cover job, called directly', () => {
  let runtime: TestRuntime;
  let song: Uint8Array;
  beforeAll(async () => {
    runtime = await startTestRuntime('pglite', { start: { workers: false } });
    song = await makeTestSongMp3(6);
  }, 120_000);
  afterAll(async () => runtime?.destroy());
  afterEach(() => vi.restoreAllMocks());

  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  async function submit(user: TestUser, singerId: string, title = 'Cover Story') {
    const form = multipartForm([
      { name: 'voice_clone_id', value: singerId },
      { name: 'song_title', value: title },
      { name: 'song', filename: 'song.mp3', type: 'audio/mpeg', bytes: song },
    ]);
    const response = await inject({
      method: 'POST',
      url: '/api/music/create_song_cover',
      headers: as(user, form.headers),
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { task_id: string; musicId: string };
  }
  const taskRow = async (taskId: string) =>
    (await runtime.database.db.select().from(creationTasks).where(eq(creationTasks.id, taskId)))[0]!;
  const musicRow = async (musicId: string) =>
    (await runtime.database.db.select().from(musicItems).where(eq(musicItems.id, musicId)))[0]!;
  async function myBopsIds(user: TestUser) {
    const [defaultPlaylist] = await runtime.database.db
      .select()
      .from(playlists)
      .where(and(eq(playlists.ownerId, user.id), eq(playlists.kind, 'default')));
    const items = await runtime.database.db
      .select()
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, defaultPlaylist!.id));
    return items.map((item) => item.musicId);
  }

  it(
    'covers the song in the AI singer, reports the phases, stores the cover and its stems, files it once',
    { timeout: 240_000 },
    async () => {
      const user = await buildUser(runtime.app!);
      const singer = await buildReadyVoiceClone(runtime, user, { sings: true, nickname: 'Velvet' });
      const { task_id: taskId, musicId } = await submit(user, singer.id);
      expect(await myBopsIds(user)).toEqual([musicId]);

      const reports = vi.spyOn(CreationRepository.prototype, 'reportProgress');
      await runtime.services.songCovers.render(taskId, attempt(false));
      const phases: string[] = [];
      for (const [, phase] of reports.mock.calls) if (phases.at(-1) !== phase) phases.push(phase);
      // Every phase of the remix track is reported, in order.
      expect(phases).toEqual([...COVER_PHASE_IDS]);

      expect(await taskRow(taskId)).toMatchObject({ status: 'completed', progress: 1, error: null });
      const row = await musicRow(musicId);
      expect(row).toMatchObject({ status: 'ready', srcKey: `music/${musicId}/song.mp3` });
      expect(row.durationSeconds).toBeGreaterThan(5.5);
      expect(row.durationSeconds).toBeLessThan(6.5);

      const cover = (await runtime.storage.readAll(`music/${musicId}/song.mp3`))!;
      const analysis = await analyzeAudio(new Uint8Array(cover), { tempoAndKey: false });
      expect(Math.abs(analysis.durationSeconds - row.durationSeconds)).toBeLessThan(0.2);
      expect(analysis.integratedLufs).toBeGreaterThan(-16);
      expect(analysis.integratedLufs).toBeLessThan(-12);
      for (const stem of ['vocals', 'accompaniment']) {
        const bytes = (await runtime.storage.readAll(`music/${musicId}/${stem}.mp3`))!;
        const decoded = await decodeAudio(new Uint8Array(bytes));
        expect(Math.abs(decoded.durationSeconds - row.durationSeconds), stem).toBeLessThan(0.2);
      }
      // The uploaded song is not kept once its cover exists.
      expect(await runtime.storage.readAll(`music/${musicId}/source.mp3`)).toBeNull();

      // The song and its stems through the file routes: the owner gets them, anyone else gets 404.
      const song = (
        await inject({ method: 'GET', url: `/api/music/getMusic/${musicId}`, headers: as(user) })
      ).json().data;
      expect(song).toMatchObject({
        status: 'ready',
        src: `/api/music/${musicId}/audio`,
        stems: {
          vocals: `/api/music/${musicId}/vocals`,
          accompaniment: `/api/music/${musicId}/accompaniment`,
        },
        context: { creationType: 'song_cover', voiceCloneIds: [singer.id] },
      });
      const stranger = await buildUser(runtime.app!);
      for (const stem of ['vocals', 'accompaniment']) {
        const file = await inject({ method: 'GET', url: `/api/music/${musicId}/${stem}`, headers: as(user) });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('audio/mpeg');
        expect(file.headers['content-disposition']).toContain(
          encodeURIComponent(`Cover Story (${stem}).mp3`),
        );
        const ranged = await inject({
          method: 'GET',
          url: `/api/music/${musicId}/${stem}`,
          headers: as(user, { range: 'bytes=0-99' }),
        });
        expect(ranged.statusCode).toBe(206);
        expect(ranged.rawPayload).toHaveLength(100);
        for (const headers of [as(stranger), {}]) {
          const refused = await inject({ method: 'GET', url: `/api/music/${musicId}/${stem}`, headers });
          expect(refused.statusCode).toBe(404);
        }
      }

      // A retry after completion (a crash between the last write and pg-boss hearing of it) changes nothing.
      await runtime.services.songCovers.render(taskId, attempt(true));
      expect(await myBopsIds(user)).toEqual([musicId]);
      expect((await taskRow(taskId)).status).toBe('completed');
    },
  );

  it('fails with the reason a person can act on when the song is gone, and gives the slot back', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const { task_id: taskId, musicId } = await submit(user, singer.id);
    await runtime.storage.delete(`music/${musicId}/source.mp3`);
    await runtime.services.songCovers.render(taskId, attempt(false));
    expect(await taskRow(taskId)).toMatchObject({
      status: 'failed',
      error: 'The song file is missing. Please upload it again.',
    });
    expect((await musicRow(musicId)).status).toBe('failed');
  });

  it('fails the last attempt that throws, with the generic reason, and removes the upload', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const { task_id: taskId, musicId } = await submit(user, singer.id);
    vi.spyOn(runtime.cpu, 'run').mockRejectedValue(new Error('the disk caught fire'));
    await expect(runtime.services.songCovers.render(taskId, attempt(false))).rejects.toThrow('caught fire');
    expect((await taskRow(taskId)).status).toBe('running');
    await expect(runtime.services.songCovers.render(taskId, attempt(true))).rejects.toThrow('caught fire');
    expect(await taskRow(taskId)).toMatchObject({ status: 'failed', error: SONG_FAILED_REASON });
    expect((await musicRow(musicId)).status).toBe('failed');
    expect(await runtime.storage.readAll(`music/${musicId}/source.mp3`)).toBeNull();
  });

  it('queues one keyed job per cover: a second send and the sweeper add none', async () => {
    const user = await buildUser(runtime.app!);
    const singer = await buildReadyVoiceClone(runtime, user);
    const { task_id: taskId } = await submit(user, singer.id);
    expect(await runtime.queue.jobState('render-cover', taskId)).toBe('created');
    expect(await runtime.queue.send('render-cover', { taskId }, { key: taskId })).toBeNull();
    expect(await runtime.services.songCovers.sweep()).toEqual({ sent: 0, failed: 0 });
  });
});
