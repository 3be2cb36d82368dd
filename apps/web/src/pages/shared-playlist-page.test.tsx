import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aPlaylist, aSong } from '../test/factories.ts';
import { mockFetch, renderApp } from '../test/test-app.tsx';

const music = aSong('m1', 'Night Drive', { duration: 17, likes: 0, views: 3, public: true });

const playlist = aPlaylist('p1', 'Chill', [music]);

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
