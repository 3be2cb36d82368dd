import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Playlist } from '@bops/shared/api/playlist';
import { aSong } from '../test/factories.ts';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const song = (musicId: string, musicName: string) =>
  aSong(musicId, musicName, { thumbnail: '/images/default-cover.svg', cover: '/images/default-cover.svg' });

const songs = [song('m1', 'Night Drive'), song('m2', 'Bass Floor'), song('m3', 'Morning Run')];
const playlist: Playlist = {
  id: 'p1',
  title: 'Road Trip',
  private: true,
  archieve: false,
  isDefault: false,
  kind: 'user',
  numMusics: 3,
  cover: '/images/default-cover.svg',
  musicId: '',
  musicIds: songs.map((item) => item.musicId),
  createdBy: 'u1',
  created: '2026-01-01T00:00:00.000Z',
  changed: '2026-01-01T00:00:00.000Z',
  musics: songs,
};

function open() {
  const routes: Parameters<typeof mockFetch>[0] = {
    'GET /api/music/playlists': { body: { statusCode: 200, data: [] } },
    'GET /api/music/playlist/p1': { body: { statusCode: 200, data: playlist } },
    'POST /api/analytics/events': { status: 202, body: { statusCode: 202, data: { stored: 1 } } },
  };
  for (const item of songs)
    routes[`GET /api/music/getMusic/${item.musicId}`] = { body: { statusCode: 200, data: item } };
  const { fetchFn } = mockFetch(routes);
  vi.stubGlobal('fetch', fetchFn);
  return renderApp('/playlist/p1', { preloadedState: signedInState, services: signedInServices() });
}

const upNextTitles = () =>
  within(screen.getByRole('list', { name: 'Songs up next' }))
    .getAllByRole('listitem')
    .map((row) =>
      within(row)
        .getByRole('button', { name: /^Play .* now$/ })
        .getAttribute('aria-label')!
        .replace(/^Play (.*) now$/, '$1'),
    );

describe('up next', () => {
  it('queues from a song menu, shows the songs to come, reorders them by keyboard and drag, and clears', async () => {
    const { player } = open();
    const list = await screen.findByRole('list', { name: 'Songs' });
    await userEvent.click(within(list).getByRole('button', { name: 'Play Night Drive' }));
    await waitFor(() => expect(player.getState().musicId).toBe('m1'));

    // "Play next" puts Morning Run right after the song playing; "Add to queue" puts Night Drive at the end.
    await userEvent.click(within(list).getByRole('button', { name: 'More options for Morning Run' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Play next' }));
    expect(await screen.findByText('"Morning Run" plays next.')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'More options for Night Drive' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));

    const bar = await screen.findByRole('region', { name: 'Music player' });
    // Small screens (jsdom matches no breakpoint) reach it from the full-screen player.
    await userEvent.click(within(bar).getByRole('button', { name: 'Full screen' }));
    const full = await screen.findByRole('dialog', { name: 'Full-screen player' });
    await userEvent.click(within(full).getByRole('button', { name: 'Queue' }));
    const panel = await screen.findByRole('dialog', { name: 'Up next' });
    await waitFor(() =>
      expect(upNextTitles()).toEqual(['Morning Run', 'Bass Floor', 'Morning Run', 'Night Drive']),
    );

    // From the keyboard: the moved song keeps the focus on its button.
    const moveDown = within(panel).getAllByRole('button', { name: 'Move Morning Run down' })[0]!;
    moveDown.focus();
    await userEvent.keyboard('{Enter}');
    expect(upNextTitles()).toEqual(['Bass Floor', 'Morning Run', 'Morning Run', 'Night Drive']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Morning Run down');
    expect(within(panel).getByText('Morning Run moved to place 2 of 4.')).toBeTruthy();
    expect(
      (within(panel).getByRole('button', { name: 'Move Bass Floor up' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // Dragging the last song onto the first.
    const rows = within(screen.getByRole('list', { name: 'Songs up next' })).getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...data.keys()];
      },
      setData: (type: string, value: string) => void data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(rows[3]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    fireEvent.drop(rows[0]!, { dataTransfer });
    expect(upNextTitles()).toEqual(['Night Drive', 'Bass Floor', 'Morning Run', 'Morning Run']);

    // Taking one out, then playing one at once, then clearing.
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Bass Floor from up next' }));
    expect(upNextTitles()).toEqual(['Night Drive', 'Morning Run', 'Morning Run']);
    await userEvent.click(within(panel).getAllByRole('button', { name: 'Play Morning Run now' })[0]!);
    expect(player.getState().musicId).toBe('m3');
    expect(upNextTitles()).toEqual(['Morning Run']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear up next' }));
    expect(within(panel).getByText(/Nothing up next/)).toBeTruthy();
    expect(player.getState().musicId).toBe('m3');
    // Behind the open panels the bar is hidden from assistive technology, but it is there.
    expect(
      (within(bar).getByRole('button', { name: 'Next', hidden: true }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
