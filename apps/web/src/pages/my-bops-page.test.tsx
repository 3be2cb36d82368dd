import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bopsApi } from '../api/bops.api.ts';
import type { MusicItem } from '@bops/shared';
import type { Playlist } from '@bops/shared/api/playlist';
import { aPlaylistSummary, aSong } from '../test/factories.ts';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const services = signedInServices;

const signedIn = signedInState;

const summary = aPlaylistSummary;

const song = (musicId: string, musicName: string, extra: Partial<MusicItem> = {}) =>
  aSong(musicId, musicName, {
    thumbnail: '/images/default-cover.svg',
    cover: '/images/default-cover.svg',
    likes: 1234,
    views: 2_500_000,
    ...extra,
  });

const playlists = [
  summary('top-songs', 'Demo', { kind: 'top_songs', createdBy: '', numMusics: 8 }),
  summary('p1', 'Road Trip', { private: true, numMusics: 2 }),
  summary('p-default', 'My Bops', { kind: 'default', isDefault: true, numMusics: 1 }),
];

describe('the signed-in home', () => {
  it('lists the playlists with the demo, My Bops last, and switches between gallery and list', async () => {
    const { fetchFn } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store } = renderApp('/my-bops', { preloadedState: signedIn, services: services() });
    const list = await screen.findByRole('list', { name: 'Playlists' });
    expect(screen.getByText('Welcome back, Ada')).toBeTruthy();
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Demo8 songs',
      'Road TripPrivate2 songs',
      'My Bops1 song',
    ]);
    expect(links[1]!.getAttribute('href')).toBe('/playlist/p1');
    expect(within(links[1]!).getByTitle('Private')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('list', { name: 'Playlists' }).dataset.display).toBe('list');
    expect(store.getState().music.displayMode).toBe('list');
  });

  it('reloads the playlists when the Playlists tag is invalidated (a creation finished)', async () => {
    let answers = 0;
    const { fetchFn } = mockFetch({
      'GET /api/music/playlists': () => {
        answers += 1;
        const mine = summary('p-default', 'My Bops', {
          kind: 'default',
          isDefault: true,
          numMusics: answers,
        });
        return { body: { statusCode: 200, data: [mine] } };
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store } = renderApp('/my-bops', { preloadedState: signedIn, services: services() });
    expect(await screen.findByText('1 song')).toBeTruthy();
    act(() => {
      store.dispatch(bopsApi.util.invalidateTags(['Playlists']));
    });
    expect(await screen.findByText('2 songs')).toBeTruthy();
  });

  it('shows a playlist with formatted counts and durations, and plays a song from it', async () => {
    const playlist: Playlist = {
      ...summary('p1', 'Road Trip', { numMusics: 2, musicIds: ['m1', 'm2'] }),
      musics: [song('m1', 'Night Drive'), song('m2', 'Still Rendering', { src: '', status: 'rendering' })],
    };
    const { fetchFn } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } },
      'GET /api/music/playlist/p1': { body: { statusCode: 200, data: playlist } },
      'POST /api/analytics/events': { status: 202, body: { statusCode: 202, data: { stored: 1 } } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { player } = renderApp('/playlist/p1', { preloadedState: signedIn, services: services() });
    const songs = await screen.findByRole('list', { name: 'Songs' });
    const rows = within(songs).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('01:35')).toBeTruthy();
    expect(within(rows[0]!).getByText('1.2k')).toBeTruthy();
    expect(within(rows[0]!).getByText('2.5M')).toBeTruthy();
    expect(within(rows[1]!).getByText('Still being made. It will be ready in a moment.')).toBeTruthy();
    expect(
      (within(rows[1]!).getByRole('button', { name: 'Play Still Rendering' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Play Night Drive' }));
    await waitFor(() => expect(player.getState()).toMatchObject({ musicId: 'm1', playing: true }));
    expect(player.getState().queue.playlistId).toBe('p1');
    // Songs without audio stay out of the queue.
    expect(player.getState().queue.entries.map((entry) => entry.musicId)).toEqual(['m1']);
  });

  it("offers rename and delete on the person's own songs only, and sends them", async () => {
    const playlist: Playlist = {
      ...summary('p1', 'Road Trip', { numMusics: 2, musicIds: ['m1', 'm2'] }),
      musics: [song('m1', 'Night Drive'), song('m2', 'Borrowed', { createdBy: 'someone-else' })],
    };
    const renamed = song('m1', 'Night Drive (take 2)');
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } },
      'GET /api/music/playlist/p1': { body: { statusCode: 200, data: playlist } },
      'PATCH /api/music/song/m1': { body: { statusCode: 200, data: renamed } },
      'DELETE /api/music/song/m1': { body: { statusCode: 200, data: { musicId: 'm1', deleted: true } } },
      'POST /api/music/another_take/m1': {
        body: { statusCode: 200, data: { musicId: 'm3', task_id: 't3', submitted: true } },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/playlist/p1', { preloadedState: signedIn, services: services() });
    const rows = within(await screen.findByRole('list', { name: 'Songs' })).getAllByRole('listitem');

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'More options for Borrowed' }));
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Make another take' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make another take' }));
    expect(
      await screen.findByText('Your new take is being made. It will be in My Bops when it is ready.'),
    ).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/music/another_take/m1')),
    ).toBe(true);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Song name' });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await userEvent.type(field, '  Night Drive (take 2) ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init?.body))).toEqual({ musicName: 'Night Drive (take 2)' });

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText(/its place in every playlist go for good/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it("sets an owner's cover picture, refuses a wrong file before sending, and goes back to the drawn one", async () => {
    const playlist: Playlist = {
      ...summary('p1', 'Road Trip', { numMusics: 1, musicIds: ['m1'] }),
      musics: [song('m1', 'Night Drive', { cover: '/api/music/m1/cover?v=aaaa' })],
    };
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } },
      'GET /api/music/playlist/p1': { body: { statusCode: 200, data: playlist } },
      'POST /api/music/song/m1/cover': {
        body: { statusCode: 200, data: song('m1', 'Night Drive', { cover: '/api/music/m1/cover?v=bbbb' }) },
      },
      'DELETE /api/music/song/m1/cover': {
        body: { statusCode: 200, data: song('m1', 'Night Drive', { cover: '/api/music/m1/cover?v=aaaa' }) },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/playlist/p1', { preloadedState: signedIn, services: services() });
    const rows = within(await screen.findByRole('list', { name: 'Songs' })).getAllByRole('listitem');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change cover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cover of “Night Drive”' });
    const picture = within(dialog).getByRole('img', { name: 'Cover of Night Drive' });
    expect(picture.getAttribute('src')).toBe('/api/music/m1/cover?v=aaaa');
    const input = within(dialog).getByTestId('song-cover-input') as HTMLInputElement;

    await userEvent.upload(input, new File(['gif'], 'x.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    // Only the cover's own POST counts (the analytics flush may post on its timer).
    const coverPosts = () =>
      calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/music/song/m1/cover'));
    expect(coverPosts()).toEqual([]);

    await userEvent.upload(input, new File(['png'], 'mine.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Your cover is saved.')).toBeTruthy();
    const post = coverPosts()[0]!;
    expect((post.init?.body as FormData).get('cover')).toBeInstanceOf(File);
    expect(picture.getAttribute('src')).toBe('/api/music/m1/cover?v=bbbb');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the drawn cover' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(picture.getAttribute('src')).toBe('/api/music/m1/cover?v=aaaa'));
  });

  it('searches and sorts my songs and playlists on the server, keeping both in the address', async () => {
    const found = {
      songs: [song('m1', 'Night Drive')],
      playlists: [summary('p1', 'Road Trip', { numMusics: 2 })],
      songCount: 1,
      playlistCount: 1,
    };
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } },
      'GET /api/music/library': { body: { statusCode: 200, data: found } },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/my-bops', { preloadedState: signedIn, services: services() });
    const libraryCalls = () => calls.filter((call) => call.url.includes('/api/music/library'));
    const field = await screen.findByRole('searchbox', { name: 'Search my songs and playlists' });
    // Nothing is asked for until the person searches or sorts.
    expect(libraryCalls()).toEqual([]);

    await userEvent.type(field, ' drive ');
    expect(await screen.findByText('1 song · 1 playlist')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Find in my library' });
    expect(within(section).getByText('Night Drive')).toBeTruthy();
    expect(within(section).getByText('Road Trip')).toBeTruthy();
    // One request for the whole word, trimmed: typing waits for a pause.
    expect(libraryCalls().map((call) => new URL(call.url, 'http://x').searchParams.get('q'))).toEqual([
      'drive',
    ]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Most listened' }));
    await waitFor(() =>
      expect(new URL(libraryCalls().at(-1)!.url, 'http://x').searchParams.get('sort')).toBe('listens'),
    );

    await userEvent.click(within(section).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(within(section).queryByText('Night Drive')).toBeNull());
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('says when nothing of mine matches', async () => {
    const { fetchFn } = mockFetch({
      'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } },
      'GET /api/music/library': {
        body: { statusCode: 200, data: { songs: [], playlists: [], songCount: 0, playlistCount: 0 } },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/my-bops?q=zebra', { preloadedState: signedIn, services: services() });
    expect(await screen.findByText('Nothing of yours matches “zebra”.')).toBeTruthy();
    expect(
      (screen.getByRole('searchbox', { name: 'Search my songs and playlists' }) as HTMLInputElement).value,
    ).toBe('zebra');
  });

  it('welcomes a person who has made no song yet, instead of welcoming them back', async () => {
    const fresh = [summary('p-default', 'My Bops', { kind: 'default', isDefault: true, numMusics: 0 })];
    const { fetchFn } = mockFetch({ 'GET /api/music/playlists': { body: { statusCode: 200, data: fresh } } });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/my-bops', { preloadedState: signedIn, services: services() });
    expect(await screen.findByText('Welcome, Ada. Your first song is a few steps away.')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
});
