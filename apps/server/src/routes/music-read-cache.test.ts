import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

// Sessions (both databases) and songs and playlists (the embedded one) are kept in memory between requests; these
// check that nothing kept outlives a change, wherever the change comes from.
describe.each(testDatabaseKinds)('songs and playlists kept between requests, on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const getMusic = (viewer: TestUser, id: string) =>
    inject({ method: 'GET', url: `/api/music/getMusic/${id}`, headers: as(viewer) });

  async function publicSong(owner: TestUser) {
    const song = await buildMusic(runtime, owner, { name: 'Kept Bop' });
    const created = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(owner),
      payload: { playlistName: 'Public', private: false },
    });
    const playlistId = created.json().data.id as string;
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlistId}`,
      headers: as(owner),
      payload: { musicIds: [song.id] },
    });
    return { song, playlistId };
  }

  it('a song taken down outside the API (an operator command) stops answering at once', async () => {
    const owner = await buildUser(runtime.app!);
    const listener = await buildUser(runtime.app!);
    const { song } = await publicSong(owner);
    expect((await getMusic(listener, song.id)).statusCode).toBe(200);
    expect((await getMusic(listener, song.id)).statusCode).toBe(200);
    await runtime.database.db.execute(sql`update music_items set hidden = true where id = ${song.id}`);
    await expect
      .poll(async () => (await getMusic(listener, song.id)).statusCode, { timeout: 5_000 })
      .toBe(404);
    // The audio follows the same rule.
    const audio = await inject({ method: 'GET', url: `/api/music/${song.id}/audio`, headers: as(listener) });
    expect(audio.statusCode).toBe(404);
  });

  it('a session ended outside the API (an operator terminating the account) stops answering at once', async () => {
    const user = await buildUser(runtime.app!);
    const profile = () => inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(user) });
    expect((await profile()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    await runtime.database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    await expect.poll(async () => (await profile()).statusCode, { timeout: 5_000 }).toBe(401);
  });

  it('likes and listens show at once on a kept song', async () => {
    const owner = await buildUser(runtime.app!);
    const listener = await buildUser(runtime.app!);
    const { song } = await publicSong(owner);
    expect((await getMusic(listener, song.id)).json().data).toMatchObject({
      liked: false,
      likes: 0,
      views: 0,
    });
    await inject({
      method: 'POST',
      url: `/api/music/social/view/${song.id}`,
      headers: as(listener),
      payload: {},
    });
    await inject({
      method: 'POST',
      url: `/api/music/social/like/${song.id}`,
      headers: as(listener),
      payload: { count: 1 },
    });
    expect((await getMusic(listener, song.id)).json().data).toMatchObject({
      liked: true,
      likes: 1,
      views: 1,
    });
    expect((await getMusic(owner, song.id)).json().data).toMatchObject({ liked: false, likes: 1, views: 1 });
  });

  it("a playlist list drops another person's song as soon as its owner makes it private", async () => {
    const owner = await buildUser(runtime.app!);
    const fan = await buildUser(runtime.app!);
    const { song, playlistId } = await publicSong(owner);
    const fanList = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(fan),
      payload: { playlistName: 'Borrowed', private: true },
    });
    const fanPlaylistId = fanList.json().data.id as string;
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${fanPlaylistId}`,
      headers: as(fan),
      payload: { musicIds: [song.id] },
    });
    const musicIdsOf = async () => {
      const list = await inject({ method: 'GET', url: '/api/music/playlists', headers: as(fan) });
      return list.json().data.find((p: { id: string }) => p.id === fanPlaylistId).musicIds as string[];
    };
    expect(await musicIdsOf()).toEqual([song.id]);
    expect(await musicIdsOf()).toEqual([song.id]);
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${playlistId}`,
      headers: as(owner),
      payload: { private: true },
    });
    expect(await musicIdsOf()).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'a session another process ends stops at once, also across a dropped listening connection',
    async () => {
      const url = runtime.config.database.kind === 'postgres' ? runtime.config.database.url : '';
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        const profile = (user: TestUser) =>
          inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(user) });
        const first = await buildUser(runtime.app!);
        expect((await profile(first)).statusCode).toBe(200);
        await other.query('delete from sessions where user_id = $1', [first.id]);
        await expect.poll(async () => (await profile(first)).statusCode, { timeout: 5_000 }).toBe(401);

        // Announcements made while nobody listens are lost: nothing kept may be trusted until it listens again.
        const second = await buildUser(runtime.app!);
        expect((await profile(second)).statusCode).toBe(200);
        await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        );
        await other.query('delete from sessions where user_id = $1', [second.id]);
        await expect.poll(async () => (await profile(second)).statusCode, { timeout: 5_000 }).toBe(401);

        // Listening again, it keeps and forgets as before.
        await expect
          .poll(
            async () =>
              (
                await other.query(
                  `select count(*)::int as n from pg_stat_activity
                   where datname = current_database() and query ilike 'LISTEN%'`,
                )
              ).rows[0].n,
            { timeout: 10_000 },
          )
          .toBe(1);
        const third = await buildUser(runtime.app!);
        expect((await profile(third)).statusCode).toBe(200);
        expect((await profile(third)).statusCode).toBe(200);
        await other.query('delete from sessions where user_id = $1', [third.id]);
        await expect.poll(async () => (await profile(third)).statusCode, { timeout: 5_000 }).toBe(401);
      } finally {
        await other.end();
      }
    },
  );
});
