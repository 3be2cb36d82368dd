import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toUser } from '../store/user.ts';
import { initialAccountState } from '../store/account.slice.ts';
import { Status } from '../store/status.ts';
import { fakeServices, renderApp, sampleProfile } from '../test/test-app.tsx';

const signedIn = {
  account: {
    ...initialAccountState,
    status: Status.SUCCESS,
    authenticated: true,
    user: toUser(sampleProfile),
  },
};
const signedOut = { account: { ...initialAccountState, status: Status.SUCCESS } };

function location() {
  return screen.getByTestId('location');
}

/** Start-up is done (status SUCCESS), so checkSession is skipped by nothing: answer it as the state says. */
function servicesFor(authenticated: boolean) {
  return fakeServices({
    auth: {
      ...fakeServices().services.auth,
      getSession: async () =>
        authenticated
          ? { session: { id: 's', userId: 'u1', expiresAt: '' }, user: { id: 'u1', email: '', name: '' } }
          : null,
    },
  }).services;
}

describe('the route guard', () => {
  it.each([
    ['/my-bops'],
    ['/manage'],
    ['/my-bops/profile'],
    ['/create/song-cover'],
    ['/create/step-2'],
    ['/create/voice-cloning/step-1'],
    ['/playlist/p1'],
    ['/top-songs/m1'],
  ])('sends a visitor from %s to sign in, carrying the requested location', async (path) => {
    renderApp(`${path}?from=link`, { preloadedState: signedOut, services: servicesFor(false) });
    await waitFor(() => expect(location().textContent).toMatch(/^\/sign-in\?/));
    const search = new URLSearchParams(location().textContent!.split('?')[1]);
    expect(search.get('next')).toBe(`${path}?from=link`);
    const state = JSON.parse(location().dataset.state!) as {
      from: { pathname: string; search: string };
      params: object;
    };
    expect(state.from).toMatchObject({ pathname: path, search: '?from=link' });
  });

  it('passes the route params along', async () => {
    renderApp('/playlist/p42', { preloadedState: signedOut, services: servicesFor(false) });
    await waitFor(() => expect(location().textContent).toMatch(/^\/sign-in/));
    expect(JSON.parse(location().dataset.state!).params).toEqual({ playlistId: 'p42' });
  });

  it('shows protected content to a signed-in user', async () => {
    renderApp('/manage', { preloadedState: signedIn, services: servicesFor(true) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage' })).toBeTruthy();
    expect(location().textContent).toBe('/manage');
  });

  it.each(['/', '/welcome'])('sends a signed-in user from %s to the signed-in home', async (path) => {
    renderApp(path, { preloadedState: signedIn, services: servicesFor(true) });
    await waitFor(() => expect(location().textContent).toBe('/my-bops'));
  });

  it.each([
    '/',
    '/welcome',
    '/tutorial',
    '/privacy-policy',
    '/terms-and-conditions',
    '/community-guidelines',
    '/shared/p1',
    '/sign-in',
  ])('lets a visitor see the public page %s', async (path) => {
    renderApp(path, { preloadedState: signedOut, services: servicesFor(false) });
    await screen.findByRole('heading', { level: 1 });
    expect(location().textContent).toBe(path);
  });

  it.each(['/no/such/page/here', '/create/step-x', '/create/voice-cloning/nope'])(
    'replaces the unknown path %s with the landing page',
    async (path) => {
      renderApp(path, { preloadedState: signedIn, services: servicesFor(true) });
      // Signed in, the landing then forwards to the signed-in home.
      await waitFor(() => expect(location().textContent).toBe('/my-bops'));
    },
  );

  it('waits for the session check before judging, so a signed-in reload stays put', async () => {
    const services = fakeServices({
      auth: {
        ...fakeServices().services.auth,
        getSession: async () => ({
          session: { id: 's', userId: 'u1', expiresAt: '' },
          user: { id: 'u1', email: '', name: '' },
        }),
      },
    }).services;
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ statusCode: 200, data: sampleProfile })));
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/manage', { services });
    expect(screen.getByText('loading. please wait')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage' })).toBeTruthy();
    expect(location().textContent).toBe('/manage');
  });
});
