import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('playlists on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  async function createPlaylist(user: TestUser, playlistName: string, isPrivate: boolean) {
    const response = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(user),
      payload: { playlistName, private: isPrivate },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; title: string; private: boolean };
  }

  async function listPlaylists(user: TestUser, query = '') {
    const response = await inject({ method: 'GET', url: `/api/music/playlists${query}`, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response.json().data as Array<Record<string, unknown> & { id: string }>;
  }

  it('creates the default playlist "My Bops" once, lists it last and sends no-store', async () => {
    const user = await buildUser(runtime.app!);
    const mine = await createPlaylist(user, 'Road trip', false);
    const [first, second] = await Promise.all([listPlaylists(user), listPlaylists(user)]);
    expect(first.map((p) => p.id)).toEqual(second.map((p) => p.id));
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ id: mine.id, title: 'Road trip', isDefault: false, private: false });
    expect(first[1]).toMatchObject({
      title: 'My Bops',
      isDefault: true,
      kind: 'default',
      private: true,
      archieve: false,
      numMusics: 0,
      cover: '/images/default-cover.svg',
      musicId: '',
      musicIds: [],
      createdBy: user.id,
    });
    const response = await inject({
      method: 'GET',
      url: `/api/music/playlists?timestamp=${Date.now()}`,
      headers: as(user),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('replaces songs in order (v3), summarises cover, first song and count, and refuses unknown songs', async () => {
    const user = await buildUser(runtime.app!);
    const other = await buildUser(runtime.app!);
    const playlist = await createPlaylist(user, 'Mix', true);
    const a = await buildMusic(runtime, user);
    const b = await buildMusic(runtime, user, { thumbnailKey: null, coverKey: null, files: true });
    const othersPrivate = await buildMusic(runtime, other);
    const replace = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlist.id}`,
      headers: as(user),
      payload: { musicIds: [b.id, a.id, b.id] },
    });
    expect(replace.statusCode).toBe(200);
    const data = replace.json().data;
    expect(data.musics.map((m: { musicId: string }) => m.musicId)).toEqual([b.id, a.id]);
    expect(data).toMatchObject({ numMusics: 2, musicId: b.id });
    expect(data.cover).toMatch(new RegExp(`^/api/music/${b.id}/thumbnail\\?v=[0-9a-f]{16}$`));

    const reordered = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlist.id}`,
      headers: as(user),
      payload: { musicIds: [a.id, b.id] },
    });
    const aThumbnail = new RegExp(`^/api/music/${a.id}/thumbnail\\?v=[0-9a-f]{16}$`);
    expect(reordered.json().data).toMatchObject({
      musicId: a.id,
      cover: expect.stringMatching(aThumbnail),
      musicIds: [a.id, b.id],
    });
    const summary = (await listPlaylists(user)).find((p) => p.id === playlist.id);
    expect(summary).toMatchObject({ numMusics: 2, musicId: a.id, cover: expect.stringMatching(aThumbnail) });

    const refused = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlist.id}`,
      headers: as(user),
      payload: { musicIds: [a.id, othersPrivate.id, 'no-such-song'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`These songs do not exist: ${othersPrivate.id}, no-such-song`);
    const unchanged = await inject({
      method: 'GET',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
    });
    expect(unchanged.json().data.musicIds).toEqual([a.id, b.id]);

    const notAList = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlist.id}`,
      headers: as(user),
      payload: { musicIds: 'abc' },
    });
    expect(notAList.statusCode).toBe(400);
  });

  it('lets a song someone else made public join a playlist, and drops it when it turns private', async () => {
    const maker = await buildUser(runtime.app!);
    const fan = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, maker);
    const showcase = await createPlaylist(maker, 'Showcase', false);
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${showcase.id}`,
      headers: as(maker),
      payload: { musicIds: [song.id] },
    });
    const favourites = await createPlaylist(fan, 'Favourites', true);
    const added = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${favourites.id}`,
      headers: as(fan),
      payload: { musicIds: [song.id] },
    });
    expect(added.json().data.musicIds).toEqual([song.id]);
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${showcase.id}`,
      headers: as(maker),
      payload: { private: true },
    });
    const after = await inject({
      method: 'GET',
      url: `/api/music/playlist/${favourites.id}`,
      headers: as(fan),
    });
    expect(after.json().data).toMatchObject({ numMusics: 0, musics: [] });
  });

  it('updates only the fields given, ignores mass assignment, archives and restores', async () => {
    const user = await buildUser(runtime.app!);
    const intruder = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, user);
    const playlist = await createPlaylist(user, 'Old name', true);
    const update = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
      payload: {
        private: false,
        title: 'New name',
        musicIds: [song.id],
        ownerId: intruder.id,
        createdBy: intruder.id,
        kind: 'default',
        isDefault: true,
        numMusics: 99,
        id: 'other-id',
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({
      id: playlist.id,
      title: 'New name',
      private: false,
      archieve: false,
      kind: 'user',
      isDefault: false,
      numMusics: 1,
      createdBy: user.id,
      musicIds: [song.id],
    });

    // No title, archieve not a boolean, musicIds not an array: those stay as they are.
    const partial = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
      payload: { private: true, title: '', archieve: 'yes', musicIds: null },
    });
    expect(partial.json().data).toMatchObject({
      title: 'New name',
      private: true,
      archieve: false,
      numMusics: 1,
    });

    const archive = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
      payload: { archieve: true },
    });
    expect(archive.json().data.archieve).toBe(true);
    expect((await listPlaylists(user)).map((p) => p.id)).not.toContain(playlist.id);
    expect((await listPlaylists(user, '?includeArchived=true')).map((p) => p.id)).toContain(playlist.id);
    const stillReadable = await inject({
      method: 'GET',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
    });
    expect(stillReadable.statusCode).toBe(200);

    const restore = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
      payload: { archieve: false },
    });
    expect(restore.json().data.archieve).toBe(false);
    expect((await listPlaylists(user)).map((p) => p.id)).toContain(playlist.id);
  });

  it('keeps the default playlist: not deletable, not archivable, always titled "My Bops"', async () => {
    const user = await buildUser(runtime.app!);
    const defaultId = (await listPlaylists(user)).find((p) => p.isDefault)!.id;
    const remove = await inject({
      method: 'DELETE',
      url: `/api/music/playlist/${defaultId}`,
      headers: as(user),
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe("The default playlist can't be deleted.");
    const archive = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${defaultId}`,
      headers: as(user),
      payload: { archieve: true },
    });
    expect(archive.statusCode).toBe(400);
    const rename = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${defaultId}`,
      headers: as(user),
      payload: { title: 'Renamed', private: false },
    });
    expect(rename.json().data).toMatchObject({ title: 'My Bops', private: false, isDefault: true });
  });

  it('deletes a playlist of the caller only', async () => {
    const user = await buildUser(runtime.app!);
    const other = await buildUser(runtime.app!);
    const playlist = await createPlaylist(user, 'Temp', false);
    const refused = await inject({
      method: 'DELETE',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(other),
    });
    expect(refused.statusCode).toBe(403);
    const removed = await inject({
      method: 'DELETE',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
    });
    expect(removed.json()).toEqual({ statusCode: 200, data: { id: playlist.id, deleted: true } });
    const gone = await inject({
      method: 'GET',
      url: `/api/music/playlist/${playlist.id}`,
      headers: as(user),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This playlist does not exist.');
  });

  it('rejects a playlist fetch without an id with "missing playlistId"', async () => {
    const user = await buildUser(runtime.app!);
    for (const url of ['/api/music/playlist', '/api/music/playlist/', '/api/music/shared-playlist']) {
      const response = await inject({ method: 'GET', url, headers: as(user) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('missing playlistId');
    }
  });

  it('validates a new playlist', async () => {
    const user = await buildUser(runtime.app!);
    const response = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(user),
      payload: { playlistName: '   ', private: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('playlistName: This field is required');
  });

  it('refuses a title of only invisible characters and keeps titles free of bidi characters', async () => {
    const user = await buildUser(runtime.app!);
    const create = (playlistName: string) =>
      inject({
        method: 'POST',
        url: '/api/music/playlist',
        headers: as(user),
        payload: { playlistName, private: true },
      });
    for (const invisible of ['\u200b\u200b\u200b', '\u2060\ufeff\u200d', '\u202e\u200b', '\u3164']) {
      const response = await create(invisible);
      expect(response.statusCode, JSON.stringify(invisible)).toBe(400);
      expect(response.json().message).toMatch(
        /^playlistName: (This field is required|Please use letters or digits someone can see)$/,
      );
    }
    const created = await create('Road \u202eTrip\u202c \u{1F468}\u200d\u{1F469}');
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    const read = await inject({ method: 'GET', url: `/api/music/playlist/${id}`, headers: as(user) });
    // The overrides are gone; the joiner inside the emoji stays.
    expect(read.json().data.title).toBe('Road Trip \u{1F468}\u200d\u{1F469}');
    const renamed = await inject({
      method: 'PATCH',
      url: `/api/music/playlist/${id}`,
      headers: as(user),
      payload: { title: '\u200b\u200b' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await inject({ method: 'GET', url: `/api/music/playlist/${id}`, headers: as(user) });
    expect(after.json().data.title).toBe('Road Trip \u{1F468}\u200d\u{1F469}');
  });

  it('adds creations to the default playlist once each', async () => {
    const user = await buildUser(runtime.app!);
    const a = await buildMusic(runtime, user);
    const b = await buildMusic(runtime, user);
    const first = await runtime.services.playlists.addToDefaultPlaylist(user.id, a.id);
    const again = await runtime.services.playlists.addToDefaultPlaylist(user.id, a.id);
    await runtime.services.playlists.addToDefaultPlaylist(user.id, b.id);
    expect(first.added).toBe(true);
    expect(again).toEqual({ playlistId: first.playlistId, added: false });
    const playlists = await listPlaylists(user);
    expect(playlists.filter((p) => p.isDefault)).toHaveLength(1);
    expect(playlists.at(-1)).toMatchObject({ id: first.playlistId, musicIds: [a.id, b.id], numMusics: 2 });
  });
});

describe.each(testDatabaseKinds)('the Demo and top-by-views playlists on %s', (kind) => {
  // A runtime of its own: the list reuses the computed chart for a few seconds.
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);
  const listPlaylists = async (user: TestUser) =>
    (await inject({ method: 'GET', url: '/api/music/playlists', headers: as(user) })).json().data as Array<
      Record<string, unknown> & { id: string }
    >;

  it('has no songs in either before any exist', async () => {
    const user = await buildUser(runtime.app!);
    for (const id of ['top-songs', 'top-by-views']) {
      const response = await inject({ method: 'GET', url: `/api/music/playlist/${id}`, headers: as(user) });
      expect(response.json().data).toMatchObject({
        id,
        numMusics: 0,
        musics: [],
        cover: '/images/default-cover.svg',
      });
    }
  });

  it('shows the curated Demo playlist with its 8 chosen songs and the top songs by views', async () => {
    const user = await buildUser(runtime.app!);
    const demos = [];
    for (let i = 0; i < 10; i++) demos.push(await buildMusic(runtime, null, { viewsCount: 1000 + i }));
    await runtime.services.playlists.setTopSongs(demos.map((d) => d.id));
    const list = await listPlaylists(user);
    const demo = list.find((p) => p.id === 'top-songs');
    expect(demo).toMatchObject({
      title: 'Demo',
      kind: 'top_songs',
      private: false,
      numMusics: 8,
      createdBy: '',
    });
    expect(demo!.musicIds).toEqual(demos.slice(0, 8).map((d) => d.id));
    const detail = await inject({ method: 'GET', url: '/api/music/playlist/top-songs', headers: as(user) });
    expect(detail.json().data.musics).toHaveLength(8);

    const top = list.find((p) => p.id === 'top-by-views');
    expect(top).toMatchObject({ kind: 'top_by_views', private: false });
    const topDetail = await inject({
      method: 'GET',
      url: '/api/music/playlist/top-by-views',
      headers: as(user),
    });
    const views = (topDetail.json().data.musics as Array<{ views: number }>).map((m) => m.views);
    expect(views.slice(0, 10)).toEqual([1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001, 1000]);
    // Special playlists come first, the person's own after them, the default last.
    expect(list.slice(0, 2).map((p) => p.id)).toEqual(['top-songs', 'top-by-views']);
    expect(list.at(-1)!.isDefault).toBe(true);

    const change = await inject({
      method: 'PATCH',
      url: '/api/music/playlist/v3/top-songs',
      headers: as(user),
      payload: { musicIds: [] },
    });
    expect(change.statusCode).toBe(403);
  });
});
