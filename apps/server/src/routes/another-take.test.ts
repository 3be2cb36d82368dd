import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { FLOW_STYLE_IDS } from '@bops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationTasks, musicItems } from '../db/schema.ts';
import { nextTakeName } from '../services/creation.service.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe('take names', () => {
  it('counts takes up and stays within the title limit', () => {
    expect(nextTakeName('Night Drive')).toBe('Night Drive (take 2)');
    expect(nextTakeName('Night Drive (take 2)')).toBe('Night Drive (take 3)');
    expect(nextTakeName('Night Drive (take 9)')).toBe('Night Drive (take 10)');
    const long = nextTakeName('x'.repeat(100));
    expect(long).toHaveLength(100);
    expect(long.endsWith(' (take 2)')).toBe(true);
  });
});

describe.each(testDatabaseKinds)('another take of a rap on %s', (kind) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    // Nothing renders here: the test reads what the take asked for, not the audio.
    runtime = await startTestRuntime(kind, { start: { workers: false } });
    ada = await buildUser(runtime.app!);
    bob = await buildUser(runtime.app!);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const take = (user: TestUser, musicId: string) =>
    inject({ method: 'POST', url: `/api/music/another_take/${musicId}`, headers: as(user) });
  const rap = (overrides: Parameters<typeof buildMusic>[2] = {}) =>
    buildMusic(runtime, ada, {
      name: 'Night Drive',
      lyricsText: 'we ride at night\nthe city in sight',
      context: {
        voiceCloneIds: [],
        creationType: 'rap',
        singerId: '',
        rapperId: 'mc-volt',
        mixMusicId: 'na',
        prompt: 'a drive at night',
        version: '1.0',
        style: 'laid-back',
      },
      ...overrides,
    });

  it('makes a new song with the same words and artist, the next flow style, counted for the day', async () => {
    const song = await rap();
    const answer = await take(ada, song.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { musicId, task_id: taskId } = answer.json().data as { musicId: string; task_id: string };
    expect(musicId).not.toBe(song.id);
    const [made] = await runtime.database.db.select().from(musicItems).where(eq(musicItems.id, musicId));
    expect(made).toMatchObject({
      name: 'Night Drive (take 2)',
      lyricsText: 'we ride at night\nthe city in sight',
      ownerId: ada.id,
      status: 'rendering',
    });
    const next = FLOW_STYLE_IDS[FLOW_STYLE_IDS.indexOf('laid-back') + 1];
    expect(made!.context).toMatchObject({ rapperId: 'mc-volt', style: next, prompt: 'a drive at night' });
    const [task] = await runtime.database.db.select().from(creationTasks).where(eq(creationTasks.id, taskId));
    expect(task).toMatchObject({ userId: ada.id, kind: 'rap', musicId });
    // Both takes stay.
    const [original] = await runtime.database.db.select().from(musicItems).where(eq(musicItems.id, song.id));
    expect(original?.name).toBe('Night Drive');
  });

  it("refuses someone else's song, a song still being made and a song cover", async () => {
    const song = await rap();
    expect((await take(bob, song.id)).statusCode).toBe(404);
    const rendering = await rap({ status: 'rendering', files: false });
    const refused = await take(ada, rendering.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Another take can be made once this song is ready.');
    const cover = await buildMusic(runtime, ada, {
      context: {
        voiceCloneIds: [],
        creationType: 'song_cover',
        singerId: '',
        rapperId: '',
        mixMusicId: '',
        prompt: '',
        version: '1.0',
      },
    });
    expect((await take(ada, cover.id)).statusCode).toBe(404);
    expect((await take(ada, 'not a song id!')).statusCode).toBe(404);
  });
});
