import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aSong } from '../test/factories.ts';
import { mockFetch, renderApp } from '../test/test-app.tsx';

const music = aSong('m1', 'Night Drive', { duration: 17, likes: 2, views: 3, public: true });

describe('the shared song page', () => {
  it('lets a visitor hear a shared song without signing in, and asks them to sign in to keep it', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/shared/m1': { body: { statusCode: 200, data: music } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { player } = renderApp('/listen/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy();
    const page = screen.getByTestId('song-details');
    expect(within(page).getByText('Made by')).toBeTruthy();
    expect(within(page).getByText('Ada')).toBeTruthy();
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

  it("shows the song's page: cover, credits, counts, the stored waveform and the lyrics, with play", async () => {
    const peaks = Array.from({ length: 960 }, (_, i) => (i === 480 ? 1 : 0.25));
    const full = aSong('m1', 'Night Drive', {
      ...music,
      waveform: '/api/music/m1/waveform',
      likes: 1234,
      views: 2_500_000,
      credits: { artist: 'MC Volt', beat: 'Block Party' },
    });
    const { fetchFn, calls } = mockFetch({
      'GET /api/music/shared/m1': { body: { statusCode: 200, data: full } },
      'GET /api/music/m1/waveform': {
        body: {
          peaks,
          words: [],
          lines: [
            { text: 'Woke up with a beat', start: 0, end: 2 },
            { text: 'No studio, no label', start: 2, end: 4 },
          ],
        },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { player } = renderApp('/listen/m1');
    const page = await screen.findByTestId('song-details');
    expect(within(page).getByRole('img', { name: 'Cover of Night Drive' }).getAttribute('src')).toBe(
      '/api/music/m1/cover',
    );
    expect(within(page).getByText('MC Volt')).toBeTruthy();
    expect(within(page).getByText('Block Party')).toBeTruthy();
    expect(within(page).getByText('1.2k likes')).toBeTruthy();
    expect(within(page).getByText('2.5M listens')).toBeTruthy();
    const waveform = await within(page).findByRole('img', { name: 'Waveform of Night Drive' });
    // 960 stored peaks folded into 96 bars, the loud one kept.
    const bars = waveform.querySelectorAll('rect');
    expect(bars).toHaveLength(96);
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(Math.max(...heights)).toBe(64);
    expect(heights.filter((height) => height === 64)).toHaveLength(1);
    expect(within(page).getByRole('heading', { name: 'Lyrics' })).toBeTruthy();
    expect(within(page).getByText(/Woke up with a beat\s+No studio, no label/)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/music/m1/waveform')).toHaveLength(1);

    await userEvent.click(within(page).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(player.getState()).toMatchObject({ musicId: 'm1', playing: true }));
    expect(within(page).getByRole('button', { name: 'Pause' })).toBeTruthy();
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
