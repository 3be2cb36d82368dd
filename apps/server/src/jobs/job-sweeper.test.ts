import { encodeWav, synthVoice } from '@bops/engine';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { creationTasks, musicItems, notices, voiceClones } from '../db/schema.ts';
import { SONG_FAILED_REASON } from '@bops/shared/api/creation';
import { AI_SINGER_FAILED_REASON } from '@bops/shared/api/voice-clone';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';
import type { JobRun } from './job-queue.ts';
import { jobIdForKey, type JobState } from './job-queue.ts';
import { sweepAction } from './job-sweeper.ts';

const lyrics = 'We came to rock the city tonight\nEvery single beat is hitting just right';

/** What the engine hands back, small: these tests are about what happens around it. */
const fakeRender = {
  mp3: new Uint8Array([0xff, 0xfb, 0x90, 0x00]),
  lrc: '[00:00.00]We came to rock the city tonight',
  waveform: [0.1, 0.5, 0.2],
  words: [],
  lines: [],
  durationSeconds: 1,
};

const attempt = (lastAttempt: boolean): JobRun => ({
  id: 'direct-call',
  retryCount: lastAttempt ? 2 : 0,
  lastAttempt,
  signal: new AbortController().signal,
});

describe('what the sweeper does by job state', () => {
  it.each<[JobState | null, string]>([
    [null, 'send'],
    ['failed', 'fail'],
    ['cancelled', 'fail'],
    ['created', 'leave'],
    ['retry', 'leave'],
    ['active', 'leave'],
    ['completed', 'leave'],
  ])('%s → %s', (state, action) => expect(sweepAction(state)).toBe(action));
});

// Workers are off: every job here runs only when a test calls its handler or the sweeper itself.
describe.each(testDatabaseKinds)('creations and AI singers whose job gives up (%s)', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { DAILY_CREATION_LIMIT: '1' }, start: { workers: false } });
  });
  afterAll(async () => runtime?.destroy());
  afterEach(() => vi.restoreAllMocks());

  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const create = (user: TestUser) =>
    inject({
      method: 'POST',
      url: '/api/music/createMusic/v3',
      headers: as(user),
      payload: { musicName: 'Lost Song', musicContext: lyrics, artist_id: 'mc-volt', mixmusic_id: 'na' },
    });
  const createTask = async (user: TestUser) => {
    const response = await create(user);
    expect(response.statusCode).toBe(200);
    return response.json().data as { task_id: string; musicId: string };
  };
  const processes = async (user: TestUser) =>
    (await inject({ method: 'GET', url: '/api/music/processes', headers: as(user) })).json().data.count;
  const taskRow = async (taskId: string) =>
    (await runtime.database.db.select().from(creationTasks).where(eq(creationTasks.id, taskId)))[0]!;
  const musicRow = async (musicId: string) =>
    (await runtime.database.db.select().from(musicItems).where(eq(musicItems.id, musicId)))[0]!;
  const cloneRow = async (id: string) =>
    (await runtime.database.db.select().from(voiceClones).where(eq(voiceClones.id, id)))[0]!;
  /** Puts a job where pg-boss would: `failed` once its last attempt failed, was killed or expired. */
  const settleJob = (name: string, key: string, state: JobState) => {
    const ended = state === 'failed' || state === 'cancelled' ? sql`now()` : sql`null`;
    return runtime.database.db.execute(
      sql`update pgboss.job set state = ${state}, completed_on = ${ended} where id = ${jobIdForKey(name, key)}`,
    );
  };
  const markRunning = (taskId: string) =>
    runtime.database.db.update(creationTasks).set({ status: 'running' }).where(eq(creationTasks.id, taskId));
  const uploadVoice = async (user: TestUser) => {
    const boundary = '----bops-sweeper-boundary';
    const audio = Buffer.from(encodeWav({ sampleRate: 16000, channels: [synthVoice({ seconds: 20.5 })] }));
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="voice_clone_nickname"\r\n\r\nMy Voice\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="terms"\r\n\r\ntrue\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="me.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await inject({
      method: 'POST',
      url: '/api/music/voice_clone/create/v2',
      headers: as(user, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload,
    });
    expect(response.statusCode).toBe(200);
    return (response.json().data as { voiceProfileId: string }).voiceProfileId;
  };

  it('fails a creation whose storage fails on the last attempt, and gives the daily slot back', async () => {
    const user = await buildUser(runtime.app!);
    const { task_id: taskId, musicId } = await createTask(user);
    expect((await create(user)).statusCode).toBe(429);
    vi.spyOn(runtime.cpu, 'run').mockResolvedValue(fakeRender as never);
    const put = runtime.storage.put.bind(runtime.storage);
    vi.spyOn(runtime.storage, 'put').mockImplementation(async (key, ...rest) => {
      if (key.endsWith('/lyrics.lrc')) throw new Error('no space left on device');
      return put(key, ...rest);
    });

    // An attempt with retries left throws for pg-boss to retry; the task waits for that.
    await expect(runtime.services.creation.renderRap(taskId, attempt(false))).rejects.toThrow(
      'no space left',
    );
    expect((await taskRow(taskId)).status).toBe('running');
    expect(await processes(user)).toBe(1);

    await expect(runtime.services.creation.renderRap(taskId, attempt(true))).rejects.toThrow('no space left');
    const task = await taskRow(taskId);
    expect(task).toMatchObject({ status: 'failed', error: SONG_FAILED_REASON });
    expect((await musicRow(musicId)).status).toBe('failed');
    expect(await runtime.storage.list(`music/${musicId}/`)).toEqual([`music/${musicId}/song.mp3`]);
    expect(await processes(user)).toBe(0);
    const progress = await inject({
      method: 'GET',
      url: `/api/music/creations/${taskId}`,
      headers: as(user),
    });
    expect(progress.json().data).toMatchObject({ status: 'failed', error: SONG_FAILED_REASON });
    // The slot is back.
    expect((await create(user)).statusCode).toBe(200);
  });

  it('files a song in My Bops on the retry when filing failed, and a failed e-mail does not undo the song', async () => {
    const user = await buildUser(runtime.app!);
    const { task_id: taskId, musicId } = await createTask(user);
    vi.spyOn(runtime.cpu, 'run').mockResolvedValue(fakeRender as never);
    vi.spyOn(runtime.services.playlists, 'addToDefaultPlaylist').mockRejectedValueOnce(
      new Error('connection lost'),
    );
    vi.spyOn(runtime.services.mailer, 'send').mockRejectedValue(new Error('SMTP refused'));

    // Filing fails: the task is not completed yet, so the retry does the work again.
    await expect(runtime.services.creation.renderRap(taskId, attempt(false))).rejects.toThrow(
      'connection lost',
    );
    expect((await taskRow(taskId)).status).toBe('running');

    await runtime.services.creation.renderRap(taskId, attempt(true));
    expect((await taskRow(taskId)).status).toBe('completed');
    expect((await musicRow(musicId)).status).toBe('ready');
    expect(await runtime.storage.list(`music/${musicId}/`)).toHaveLength(3);
    const playlists = await inject({ method: 'GET', url: '/api/music/playlists', headers: as(user) });
    const myBops = (playlists.json().data as { isDefault: boolean; musicIds: string[] }[]).find(
      (p) => p.isDefault,
    );
    expect(myBops?.musicIds).toEqual([musicId]);
    expect((await create(user)).statusCode).toBe(429);
  });

  it.each([
    ['building the voice model', 'build-ai-singer', null],
    ['storing the voice model', null, '/model.bin'],
  ])(
    'fails an AI singer when %s throws on the last attempt, with a reason',
    { timeout: 60_000 },
    async (_what, failingTask, failingKey) => {
      const user = await buildUser(runtime.app!);
      const id = await uploadVoice(user);
      const run = runtime.cpu.run.bind(runtime.cpu);
      vi.spyOn(runtime.cpu, 'run').mockImplementation((async (
        task: string,
        input: unknown,
        options: unknown,
      ) => {
        if (task === failingTask) throw new Error('the model could not be built');
        if (task === 'build-ai-singer')
          return {
            prepared: { wav: new Uint8Array(44), analysis: {} },
            model: new Uint8Array(8),
            summary: {},
          };
        return (run as (...args: unknown[]) => Promise<unknown>)(task, input, options);
      }) as never);
      const put = runtime.storage.put.bind(runtime.storage);
      vi.spyOn(runtime.storage, 'put').mockImplementation(async (key, ...rest) => {
        if (failingKey && key.endsWith(failingKey)) throw new Error('the model could not be stored');
        return put(key, ...rest);
      });

      await expect(runtime.services.voiceClones.build(id, attempt(false))).rejects.toThrow('could not be');
      expect((await cloneRow(id)).status).toBe('processing');

      await expect(runtime.services.voiceClones.build(id, attempt(true))).rejects.toThrow('could not be');
      expect(await cloneRow(id)).toMatchObject({ status: 'failed', failureReason: AI_SINGER_FAILED_REASON });
      const retrieved = await inject({
        method: 'POST',
        url: '/api/music/voice_clone/retrieve',
        headers: as(user),
        payload: { voice_clone_id: id },
      });
      expect(retrieved.json().data).toMatchObject({
        status: 'failed',
        failure_reason: AI_SINGER_FAILED_REASON,
      });
      // Notices tell of a ready AI singer only; a failed one leaves none, and no model.
      expect(await runtime.database.db.select().from(notices).where(eq(notices.userId, user.id))).toEqual([]);
      expect(await runtime.storage.list(`voice-clones/${user.id}/${id}/`)).not.toContain(
        `voice-clones/${user.id}/${id}/model.bin`,
      );
    },
  );

  it(
    'sends the job of a creation and an AI singer whose send was lost, once',
    { timeout: 60_000 },
    async () => {
      const user = await buildUser(runtime.app!);
      const send = vi.spyOn(runtime.queue, 'send').mockRejectedValueOnce(new Error('connection lost'));
      // The person's creation is recorded; the lost send does not turn it into an error.
      const { task_id: taskId } = await createTask(user);
      send.mockRejectedValueOnce(new Error('connection lost'));
      const cloneId = await uploadVoice(user);
      send.mockRestore();
      expect(await runtime.queue.jobState('render-rap', taskId)).toBeNull();
      expect(await runtime.queue.jobState('build-voice-clone', cloneId)).toBeNull();

      expect(await runtime.services.creation.sweep()).toMatchObject({ sent: 1, failed: 0 });
      expect(await runtime.services.voiceClones.sweep()).toMatchObject({ sent: 1, failed: 0 });
      const renderJob = await runtime.queue.getJob('render-rap', jobIdForKey('render-rap', taskId));
      expect(renderJob).toMatchObject({ state: 'created', data: { taskId } });
      const buildJob = await runtime.queue.getJob(
        'build-voice-clone',
        jobIdForKey('build-voice-clone', cloneId),
      );
      expect(buildJob).toMatchObject({ state: 'created', data: { voiceCloneId: cloneId } });
      expect((await taskRow(taskId)).status).toBe('queued');
      expect((await cloneRow(cloneId)).status).toBe('processing');

      // Sweeping again, or sending from elsewhere, adds no second job.
      expect(await runtime.services.creation.sweep()).toMatchObject({ sent: 0 });
      expect(await runtime.services.voiceClones.sweep()).toMatchObject({ sent: 0 });
      expect(await runtime.queue.send('render-rap', { taskId }, { key: taskId })).toBeNull();
    },
  );

  it(
    'fails creations and AI singers whose job gave up, and leaves the others alone',
    { timeout: 60_000 },
    async () => {
      const failedUser = await buildUser(runtime.app!);
      const failed = await createTask(failedUser);
      await markRunning(failed.task_id);
      await settleJob('render-rap', failed.task_id, 'failed');

      const cancelledUser = await buildUser(runtime.app!);
      const cancelled = await createTask(cancelledUser);
      await settleJob('render-rap', cancelled.task_id, 'cancelled');

      // Retrying, running, waiting: the job still owns the task.
      const owned: Array<{ user: TestUser; taskId: string }> = [];
      for (const state of ['retry', 'active', 'created'] as const) {
        const user = await buildUser(runtime.app!);
        const { task_id: taskId } = await createTask(user);
        await markRunning(taskId);
        if (state !== 'created') await settleJob('render-rap', taskId, state);
        owned.push({ user, taskId });
      }

      // A render that finished just as its job was failed (a claim lost at the very end) stays finished.
      const finishedUser = await buildUser(runtime.app!);
      const finished = await createTask(finishedUser);
      await runtime.database.db
        .update(creationTasks)
        .set({ status: 'completed' })
        .where(eq(creationTasks.id, finished.task_id));
      await settleJob('render-rap', finished.task_id, 'failed');

      const cloneUser = await buildUser(runtime.app!);
      const cloneId = await uploadVoice(cloneUser);
      await settleJob('build-voice-clone', cloneId, 'failed');

      expect(await processes(failedUser)).toBe(1);
      await runtime.services.creation.sweep();
      await runtime.services.voiceClones.sweep();

      for (const { task_id: taskId, musicId } of [failed, cancelled]) {
        expect(await taskRow(taskId)).toMatchObject({ status: 'failed', error: SONG_FAILED_REASON });
        expect((await musicRow(musicId)).status).toBe('failed');
      }
      expect(await processes(failedUser)).toBe(0);
      expect((await create(failedUser)).statusCode).toBe(200);
      expect((await create(cancelledUser)).statusCode).toBe(200);
      for (const { user, taskId } of owned) {
        expect((await taskRow(taskId)).status).toBe('running');
        expect(await processes(user)).toBe(1);
      }
      // Untouched: the task stays completed and its song is not failed.
      expect((await taskRow(finished.task_id)).status).toBe('completed');
      expect((await musicRow(finished.musicId)).status).not.toBe('failed');
      expect(await cloneRow(cloneId)).toMatchObject({
        status: 'failed',
        failureReason: AI_SINGER_FAILED_REASON,
      });

      // Nothing changes on a second sweep.
      expect(await runtime.services.creation.sweep()).toEqual({ sent: 0, failed: 0 });
      expect(await runtime.services.voiceClones.sweep()).toEqual({ sent: 0, failed: 0 });
    },
  );
});
