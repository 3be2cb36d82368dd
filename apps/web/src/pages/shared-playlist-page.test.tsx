import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MusicItem } from '@bops/shared';
import type { Playlist } from '@bops/shared/api/playlist';
import { mockFetch, renderApp } from '../test/test-app.tsx';

const music: MusicItem = {
  musicId: 'm1',
  musicName: 'Night Drive',
  src: '/api/music/m1/audio',
  lyrics: '',
  thumbnail: '/api/music/m1/thumbnail',
  cover: '/api/music/m1/cover',
  waveform: '',
  download: '/api/music/m1/download',
  author: 'Ada',
  email: '',
  duration: 17,
  liked: false,
  likes: 0,
  views: 3,
  archieve: false,
  created: '2026-01-01T00:00:00.000Z',
  changed: '2026-01-01T00:00:00.000Z',
  prompt: '',
  context: {
    voiceCloneIds: [],
    creationType: 'rap',
    singerId: '',
    rapperId: '',
    mixMusicId: '',
    prompt: '',
    version: '1.0',
  },
  status: 'ready',
  public: true,
  createdBy: 'u1',
};

const playlist: Playlist = {
  id: 'p1',
  title: 'Chill',
  private: false,
  archieve: false,
  isDefault: false,
  kind: 'user',
  numMusics: 1,
  cover: '/api/music/m1/thumbnail',
  musicId: 'm1',
  musicIds: ['m1'],
  createdBy: 'u1',
  created: '2026-01-01T00:00:00.000Z',
  changed: '2026-01-01T00:00:00.000Z',
  musics: [music],
};

describe('the shared playlist page', () => {
  it('lets a visitor play the songs and asks them to sign in (shared variant) to keep one', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/shared-playlist/p1': { body: { statusCode: 200, data: playlist } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { player } = renderApp('/shared/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chill' })).toBeTruthy();
    // Public: the page asked the public endpoint, without any sign-in redirect.
    expect(calls.some((call) => call.url === '/api/music/shared-playlist/p1')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(player.getState()).toMatchObject({ musicId: 'm1', playing: true }));
    expect(player.getState().queue.playlistId).toBe('p1');

    const songs = screen.getByRole('list', { name: 'Songs' });
    await userEvent.click(within(songs).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to playlist' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/sign-in?next=%2Fshared%2Fp1&shared=1'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: "Let's hear it!" })).toBeTruthy();
  });

  it('says so when the playlist is private or gone', async () => {
    const { fetchFn } = mockFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/shared/nope');
    expect(await screen.findByText('This playlist is private, archived or does not exist.')).toBeTruthy();
  });
});
