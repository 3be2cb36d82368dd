import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notice } from '@bops/shared/api/notice';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const ready: Notice = {
  id: 'voice-ready-11111111-1111-4111-8111-111111111111',
  kind: 'voice_clone_ready',
  text: 'Your AI singer "Ada Sings" is ready.',
  link: '/manage',
  created: '2030-01-02T00:00:00.000Z',
};
const older: Notice = {
  id: 'welcome-u1',
  kind: 'welcome',
  text: 'Welcome to Bops.',
  link: '',
  created: '2030-01-01T00:00:00.000Z',
};

const noticesAnswer = (notices: Notice[]) => ({ body: { statusCode: 200, data: notices } });
const emptyPlaylists = { body: { statusCode: 200, data: [] } };

async function noticeSection() {
  return screen.findByRole('region', { name: 'Notices' });
}

describe('in-app notices', () => {
  it('shows the unread notices at the top of My Bops, with a link to where they point', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/notices': noticesAnswer([ready, older]),
        'GET /api/music/playlists': emptyPlaylists,
      }).fetchFn,
    );
    renderApp('/my-bops', { preloadedState: signedInState, services: signedInServices() });
    const section = await noticeSection();
    const alerts = within(section).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Your AI singer "Ada Sings" is ready.'),
      expect.stringContaining('Welcome to Bops.'),
    ]);
    expect(within(alerts[0]!).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/manage');
    expect(within(alerts[1]!).queryByRole('link')).toBeNull();
    expect(alerts[0]!.className).toMatch(/Success/);
  });

  it('dismissing a notice marks it read and hides it at once', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { fetchFn, calls } = mockFetch({
      'GET /api/notices': noticesAnswer([ready, older]),
      'GET /api/music/playlists': emptyPlaylists,
      [`POST /api/notices/${ready.id}/read`]: {
        body: { statusCode: 200, data: { id: ready.id, read: true } },
      },
    });
    // The server's answer waits, so what the person sees before it arrives can be checked.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST' && String(input).includes('/api/notices/')) await answered;
        return fetchFn(input, init);
      }),
    );
    renderApp('/my-bops', { preloadedState: signedInState, services: signedInServices() });
    const section = await noticeSection();
    const alert = within(section).getByText(ready.text).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(ready.text)).toBeNull());
    expect(screen.getByText(older.text)).toBeTruthy();
    answer();
    await waitFor(() =>
      // Only the notice's own call counts: the analytics flush may post on its timer at any moment.
      expect(
        calls
          .filter((call) => call.method === 'POST' && call.url.includes('/api/notices/'))
          .map((call) => call.url),
      ).toEqual([`/api/notices/${ready.id}/read`]),
    );
    expect(screen.queryByText(ready.text)).toBeNull();
  });

  it('brings a notice back when the server refuses to mark it read', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/notices': noticesAnswer([ready]),
      [`POST /api/notices/${ready.id}/read`]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/manage', { preloadedState: signedInState, services: signedInServices() });
    const section = await noticeSection();
    // On the page the notice points to, it offers no link to itself.
    expect(within(section).queryByRole('link', { name: 'Open' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.includes('/api/notices/'))).toBe(true),
    );
    expect(await screen.findByText(ready.text)).toBeTruthy();
  });

  it('shows nothing when there is no unread notice', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/notices': noticesAnswer([]),
      'GET /api/music/playlists': emptyPlaylists,
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/my-bops', { preloadedState: signedInState, services: signedInServices() });
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/notices'))).toBe(true));
    await screen.findByRole('heading', { name: 'My Bops', level: 1 });
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });
});
