import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/store.ts';
import { aPlaylist, aSong } from '../test/factories.ts';
import { fakeServices, mockFetch } from '../test/test-app.tsx';
import { musicApi } from './music.api.ts';
import type { MusicItem } from '@bops/shared';

const song = (musicId: string, extra: Partial<MusicItem> = {}) =>
  aSong(musicId, musicId, { likes: 4, views: 9, ...extra });

const playlist = aPlaylist('p1', 'Road Trip', [song('m1'), song('m2')]);

function setup(routes: Parameters<typeof mockFetch>[0]) {
  const { fetchFn, calls } = mockFetch({
    'GET /api/music/playlist/p1': { body: { statusCode: 200, data: playlist } },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchFn);
  const store = createAppStore(fakeServices().services);
  return { store, calls };
}

const cachedSong = (store: ReturnType<typeof setup>['store'], id: string) => ({
  alone: musicApi.endpoints.getMusic.select(id)(store.getState()).data,
  inPlaylist: musicApi.endpoints.getPlaylist
    .select('p1')(store.getState())
    .data?.musics.find((m) => m.musicId === id),
});

describe('the songs and playlists API', () => {
  it('keeps the songs of a loaded playlist, so the player needs no second request', async () => {
    const { store, calls } = setup({});
    await store.dispatch(musicApi.endpoints.getPlaylist.initiate('p1'));
    await store.dispatch(musicApi.endpoints.getMusic.initiate('m2'));
    expect(cachedSong(store, 'm2').alone?.src).toBe('/api/music/m2/audio');
    expect(calls.filter((call) => call.url.includes('getMusic'))).toEqual([]);
  });

  it('shows a like at once everywhere and settles on the server count', async () => {
    const { store, calls } = setup({
      'POST /api/music/social/like/m1': {
        body: { statusCode: 200, data: { musicId: 'm1', liked: true, likes: 7 } },
      },
    });
    await store.dispatch(musicApi.endpoints.getPlaylist.initiate('p1'));
    const pending = store.dispatch(musicApi.endpoints.likeMusic.initiate({ musicId: 'm1', like: true }));
    expect(cachedSong(store, 'm1').inPlaylist).toMatchObject({ liked: true, likes: 5 });
    await pending;
    expect(cachedSong(store, 'm1').inPlaylist).toMatchObject({ liked: true, likes: 7 });
    expect(cachedSong(store, 'm1').alone).toMatchObject({ liked: true, likes: 7 });
    expect(JSON.parse(String(calls.find((call) => call.method === 'POST')?.init?.body))).toEqual({
      count: 1,
    });
  });

  it('takes a like back with count 0 and undoes the change when the server refuses', async () => {
    const { store, calls } = setup({
      'POST /api/music/social/like/m2': { status: 500, body: { statusCode: 500, message: 'down' } },
    });
    await store.dispatch(musicApi.endpoints.getPlaylist.initiate('p1'));
    await store.dispatch(musicApi.endpoints.likeMusic.initiate({ musicId: 'm2', like: false }));
    expect(cachedSong(store, 'm2').inPlaylist).toMatchObject({ liked: false, likes: 4 });
    await store.dispatch(musicApi.endpoints.likeMusic.initiate({ musicId: 'm2', like: true }));
    expect(cachedSong(store, 'm2').inPlaylist).toMatchObject({ liked: false, likes: 4 });
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => JSON.parse(String(call.init?.body))),
    ).toEqual([{ count: 0 }, { count: 1 }]);
  });

  it('counts a listen from the server answer and ignores a failed one', async () => {
    const { store } = setup({
      'POST /api/music/social/view/m1': { body: { statusCode: 200, data: { musicId: 'm1', views: 10 } } },
    });
    await store.dispatch(musicApi.endpoints.getPlaylist.initiate('p1'));
    await store.dispatch(musicApi.endpoints.viewMusic.initiate('m1'));
    await store.dispatch(musicApi.endpoints.viewMusic.initiate('m2'));
    expect(cachedSong(store, 'm1').inPlaylist?.views).toBe(10);
    expect(cachedSong(store, 'm2').inPlaylist?.views).toBe(9);
  });

  it('ticks a song into a playlist at once and takes the tick back when the server refuses', async () => {
    const summary = { ...playlist, musics: undefined, numMusics: 2 };
    const { store } = setup({
      'GET /api/music/playlists': { body: { statusCode: 200, data: [summary] } },
      'PATCH /api/music/playlist/v3/p1': { status: 500, body: { statusCode: 500, message: 'down' } },
    });
    await store.dispatch(musicApi.endpoints.getPlaylists.initiate());
    const cached = () => musicApi.endpoints.getPlaylists.select()(store.getState()).data?.[0];
    const pending = store.dispatch(
      musicApi.endpoints.setPlaylistMusics.initiate({ id: 'p1', musicIds: ['m1', 'm2', 'm3'] }),
    );
    expect(cached()).toMatchObject({ musicIds: ['m1', 'm2', 'm3'], numMusics: 3 });
    await pending;
    expect(cached()).toMatchObject({ musicIds: ['m1', 'm2'], numMusics: 2 });
  });
});
