import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)("a person's library on %s", (kind) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};
  const playlistIds: Record<string, string> = {};

  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
    ada = await buildUser(runtime.app!);
    bob = await buildUser(runtime.app!);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const songs = [
      { key: 'drive', name: 'Night Drive', author: 'Ada', likesCount: 5, viewsCount: 40, createdAt: day(1) },
      { key: 'rain', name: 'paper rain', author: 'Ada', likesCount: 9, viewsCount: 10, createdAt: day(2) },
      { key: 'anthem', name: 'Anthem', author: 'MC Drive', likesCount: 1, viewsCount: 90, createdAt: day(3) },
      { key: 'percent', name: '100% Real', author: 'Ada', likesCount: 0, viewsCount: 0, createdAt: day(4) },
    ];
    for (const { key, ...row } of songs) {
      ids[key] = (
        await buildMusic(runtime, ada, { ...row, files: false, coverKey: null, thumbnailKey: null })
      ).id;
    }
    ids.bobs = (await buildMusic(runtime, bob, { name: 'Night Drive Too', files: false })).id;

    const playlist = async (owner: TestUser, title: string, musicIds: string[]) => {
      const created = await inject({
        method: 'POST',
        url: '/api/music/playlist',
        headers: as(owner),
        payload: { playlistName: title, private: true },
      });
      const id = created.json().data.id as string;
      await inject({
        method: 'PATCH',
        url: `/api/music/playlist/v3/${id}`,
        headers: as(owner),
        payload: { musicIds },
      });
      return id;
    };
    playlistIds.road = await playlist(ada, 'Road Trip', [ids.drive!, ids.anthem!]);
    playlistIds.quiet = await playlist(ada, 'Quiet Drive', [ids.rain!]);
    playlistIds.bobs = await playlist(bob, 'Drive Time', [ids.bobs!]);
    // "My Bops" exists once the list is read.
    await inject({ method: 'GET', url: '/api/music/playlists', headers: as(ada) });
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  async function library(query: string, user: TestUser = ada) {
    const response = await inject({ method: 'GET', url: `/api/music/library${query}`, headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().data as {
      songs: { musicId: string; musicName: string; cover: string }[];
      playlists: { id: string; title: string }[];
      songCount: number;
      playlistCount: number;
    };
  }
  const songNames = (data: Awaited<ReturnType<typeof library>>) => data.songs.map((song) => song.musicName);
  const playlistTitles = (data: Awaited<ReturnType<typeof library>>) => data.playlists.map((p) => p.title);

  it('lists only my own songs and playlists, newest first', async () => {
    const data = await library('');
    expect(songNames(data)).toEqual(['100% Real', 'Anthem', 'paper rain', 'Night Drive']);
    expect(data.songCount).toBe(4);
    expect(playlistTitles(data).sort()).toEqual(['My Bops', 'Quiet Drive', 'Road Trip']);
    expect(data.songs[0]!.cover).toMatch(/\/cover\?v=[0-9a-f]{16}$/);
  });

  it('finds by title or artist whatever the case, and takes % and _ literally', async () => {
    const drive = await library('?q=DRIVE');
    expect(songNames(drive)).toEqual(['Anthem', 'Night Drive']);
    expect(playlistTitles(drive)).toEqual(['Quiet Drive']);
    expect(songNames(await library('?q=%25'))).toEqual(['100% Real']);
    expect(songNames(await library('?q=_'))).toEqual([]);
    expect(playlistTitles(await library('?q=my%20bops'))).toEqual(['My Bops']);
    expect(await library('?q=%20%20nothing%20here%20')).toMatchObject({ songCount: 0, playlistCount: 0 });
  });

  it('sorts by title, likes and listens, either way', async () => {
    expect(songNames(await library('?sort=title'))).toEqual([
      '100% Real',
      'Anthem',
      'Night Drive',
      'paper rain',
    ]);
    expect(songNames(await library('?sort=title&order=desc'))).toEqual([
      'paper rain',
      'Night Drive',
      'Anthem',
      '100% Real',
    ]);
    expect(songNames(await library('?sort=likes'))).toEqual([
      'paper rain',
      'Night Drive',
      'Anthem',
      '100% Real',
    ]);
    expect(songNames(await library('?sort=listens&order=asc'))).toEqual([
      '100% Real',
      'paper rain',
      'Night Drive',
      'Anthem',
    ]);
    expect(songNames(await library('?sort=date&order=asc'))).toEqual([
      'Night Drive',
      'paper rain',
      'Anthem',
      '100% Real',
    ]);
    // A playlist counts its songs together: Road Trip 6 likes and 130 listens, Quiet Drive 9 and 10.
    expect(playlistTitles(await library('?sort=likes'))).toEqual(['Quiet Drive', 'Road Trip', 'My Bops']);
    expect(playlistTitles(await library('?sort=listens'))).toEqual(['Road Trip', 'Quiet Drive', 'My Bops']);
    expect(playlistTitles(await library('?sort=title'))).toEqual(['My Bops', 'Quiet Drive', 'Road Trip']);
  });

  it('pages with limit and offset and still counts every match', async () => {
    const page = await library('?sort=title&limit=2&offset=1');
    expect(songNames(page)).toEqual(['Anthem', 'Night Drive']);
    expect(page).toMatchObject({ songCount: 4, playlistCount: 3 });
  });

  it('never shows anyone else’s songs or playlists', async () => {
    const data = await library('?q=drive', bob);
    expect(songNames(data)).toEqual(['Night Drive Too']);
    expect(playlistTitles(data)).toEqual(['Drive Time']);
  });

  it('refuses a bad query with what is wrong, and a visitor', async () => {
    const bad = async (query: string) => {
      const response = await inject({ method: 'GET', url: `/api/music/library${query}`, headers: as(ada) });
      expect(response.statusCode, query).toBe(400);
      return response.json().message as string;
    };
    expect(await bad('?sort=popularity')).toMatch(/sort must be one of date, title, likes, listens/);
    expect(await bad('?order=up')).toMatch(/order must be asc or desc/);
    expect(await bad(`?q=${'a'.repeat(101)}`)).toMatch(/at most 100 characters/);
    expect(await bad('?limit=0')).toMatch(/limit must be at least 1/);
    expect(await bad('?limit=500')).toMatch(/limit must be at most 100/);
    expect(await bad('?offset=-1')).toMatch(/offset must be at least 0/);
    expect((await inject({ method: 'GET', url: '/api/music/library' })).statusCode).toBe(401);
  });

  it('has the indexes the sorted reads use', async () => {
    const result: unknown = await runtime.database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'music_items' and indexname like 'music_items_owner_%'`,
    );
    // PGlite answers { rows }, postgres.js the rows themselves.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      indexname: string;
    }[];
    expect(rows.map((row) => row.indexname).sort()).toEqual([
      'music_items_owner_idx',
      'music_items_owner_likes_idx',
      'music_items_owner_title_idx',
      'music_items_owner_views_count_idx',
    ]);
  });
});
