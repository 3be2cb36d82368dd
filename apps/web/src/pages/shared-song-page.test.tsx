import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MusicItem } from '@bops/shared';
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
  likes: 2,
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

describe('the shared song page', () => {
  it('lets a visitor hear a shared song without signing in, and asks them to sign in to keep it', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/shared/m1': { body: { statusCode: 200, data: music } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { player } = renderApp('/listen/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy();
    expect(screen.getByText('by Ada')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/listen/m1');
    // The public endpoint, never the signed-in one.
    expect(calls.some((call) => call.url === '/api/music/shared/m1')).toBe(true);
    expect(calls.some((call) => call.url.startsWith('/api/music/getMusic/'))).toBe(false);
    // The song waits in the player, and plays from the page.
    await waitFor(() => expect(player.getState()).toMatchObject({ musicId: 'm1', playing: false }));
    const songs = screen.getByRole('list', { name: 'Songs' });
    await userEvent.click(within(songs).getByRole('button', { name: 'Play Night Drive' }));
    await waitFor(() => expect(player.getState()).toMatchObject({ musicId: 'm1', playing: true }));

    await userEvent.click(within(songs).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to playlist' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/sign-in?next=%2Flisten%2Fm1&shared=1'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: "Let's hear it!" })).toBeTruthy();
  });

  it('says only that it cannot be heard when the song is private or unknown', async () => {
    const { fetchFn } = mockFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/listen/nope');
    expect(await screen.findByText('This song is private or does not exist.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Shared song' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/listen/nope');
  });
});
