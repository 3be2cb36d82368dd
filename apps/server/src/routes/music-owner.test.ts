import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musicItems, musicLikes, notices, playlistItems } from '../db/schema.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)("a song's owner renames and deletes it on %s", (kind) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
    ada = await buildUser(runtime.app!);
    bob = await buildUser(runtime.app!);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const rename = (user: TestUser, id: string, payload: unknown) =>
    inject({ method: 'PATCH', url: `/api/music/song/${id}`, headers: as(user), payload: payload as object });
  const remove = (user: TestUser, id: string) =>
    inject({ method: 'DELETE', url: `/api/music/song/${id}`, headers: as(user) });
  const nameOf = async (id: string) =>
    (await runtime.database.db.select().from(musicItems).where(eq(musicItems.id, id)))[0]?.name;

  it('renames a song, trimmed, everywhere it is read; refuses an empty or too long title', async () => {
    const song = await buildMusic(runtime, ada, { name: 'Old title' });
    const renamed = await rename(ada, song.id, { musicName: '  Night Drive  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.musicName).toBe('Night Drive');
    const read = await inject({ method: 'GET', url: `/api/music/getMusic/${song.id}`, headers: as(ada) });
    expect(read.json().data.musicName).toBe('Night Drive');

    const empty = await rename(ada, song.id, { musicName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('musicName: This field is required');
    const long = await rename(ada, song.id, { musicName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('musicName: Please use at most 100 characters');
    expect(await nameOf(song.id)).toBe('Night Drive');
  });

  it("answers 404 for someone else's private song and 403 for a built-in one, changing nothing", async () => {
    const song = await buildMusic(runtime, ada, { name: 'Mine' });
    const demo = await buildMusic(runtime, null, { name: 'Demo' });
    expect((await rename(bob, song.id, { musicName: 'Stolen' })).statusCode).toBe(404);
    expect((await remove(bob, song.id)).statusCode).toBe(404);
    // Everyone can hear the built-in songs, so they are told it is not theirs rather than that it is not there.
    const takeOver = await rename(ada, demo.id, { musicName: 'Mine now' });
    expect(takeOver.statusCode).toBe(403);
    expect(takeOver.json().message).toBe('Only the person who made this song can change it.');
    expect((await remove(ada, demo.id)).statusCode).toBe(403);
    expect(await nameOf(song.id)).toBe('Mine');
    expect(await nameOf(demo.id)).toBe('Demo');
    const visitor = await inject({
      method: 'DELETE',
      url: `/api/music/song/${song.id}`,
      headers: { origin: as(ada).origin! },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('deletes a song with its playlist entries, likes and files; its share link then answers 404', async () => {
    const song = await buildMusic(runtime, ada, { name: 'Going away' });
    const playlist = (
      await inject({
        method: 'POST',
        url: '/api/music/playlist',
        headers: as(ada),
        payload: { playlistName: 'Mix', private: false },
      })
    ).json().data as { id: string };
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlist.id}`,
      headers: as(ada),
      payload: { musicIds: [song.id] },
    });
    await inject({
      method: 'POST',
      url: `/api/music/social/like/${song.id}`,
      headers: as(bob),
      payload: { count: 1 },
    });
    expect((await inject({ method: 'GET', url: `/api/music/shared/${song.id}` })).statusCode).toBe(200);
    expect((await runtime.storage.list(`music/${song.id}/`)).length).toBeGreaterThan(0);
    const noticeId = `song-ready-${song.id}`;
    await runtime.database.db.insert(notices).values({
      id: noticeId,
      userId: ada.id,
      kind: 'song_ready',
      text: 'ready',
      link: `/listen/${song.id}`,
    });

    const deleted = await remove(ada, song.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ musicId: song.id, deleted: true });

    expect((await inject({ method: 'GET', url: `/api/music/shared/${song.id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/music/${song.id}/audio` })).statusCode).toBe(404);
    const db = runtime.database.db;
    expect(await db.select().from(playlistItems).where(eq(playlistItems.musicId, song.id))).toEqual([]);
    expect(await db.select().from(musicLikes).where(eq(musicLikes.musicId, song.id))).toEqual([]);
    // Its "is ready" notice does not outlive it.
    expect(await db.select().from(notices).where(eq(notices.id, noticeId))).toEqual([]);
    const shown = await inject({
      method: 'GET',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(ada),
    });
    expect(shown.json().data.musicIds).toEqual([]);
    await waitFor(
      async () => (await runtime.storage.list(`music/${song.id}/`)).length === 0,
      30_000,
      'the files deleted',
    );
    expect((await remove(ada, song.id)).statusCode).toBe(404);
  });

  it('refuses to delete a song still being made, and keeps it', async () => {
    const song = await buildMusic(runtime, ada, { name: 'In the oven', status: 'rendering', files: false });
    const refused = await remove(ada, song.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This song is still being made. You can delete it once it is ready.');
    expect(await nameOf(song.id)).toBe('In the oven');
  });
});
