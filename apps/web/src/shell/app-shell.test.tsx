import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { toUser } from '../store/user.ts';
import { i18n } from '../i18n/i18n.setup.ts';
import { hasPlayerBackground, isDetailRoute, parseStep } from '../navigation/route-paths.ts';
import { initialAccountState } from '../store/account.slice.ts';
import { Status } from '../store/status.ts';
import { fakeServices, mockFetch, renderApp, sampleProfile, sampleSession } from '../test/test-app.tsx';
import { AppFooter } from './app-footer.tsx';
import { backDestination } from './back-navigation.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { shouldScrollToTop } from './scroll-to-top.tsx';

const signedIn = {
  account: {
    ...initialAccountState,
    status: Status.SUCCESS,
    authenticated: true,
    user: toUser(sampleProfile),
  },
};

function signedInServices() {
  return fakeServices({
    auth: { ...fakeServices().services.auth, getSession: vi.fn(async () => sampleSession) },
  }).services;
}

function location() {
  return screen.getByTestId('location');
}

describe('route helpers', () => {
  it('gives the player background to /, /my-bops and /playlist/* only', () => {
    expect(hasPlayerBackground('/')).toBe(true);
    expect(hasPlayerBackground('/my-bops')).toBe(true);
    expect(hasPlayerBackground('/playlist/p1')).toBe(true);
    expect(hasPlayerBackground('/my-bops/profile')).toBe(false);
    expect(hasPlayerBackground('/manage')).toBe(false);
    expect(hasPlayerBackground('/playlists')).toBe(false);
  });

  it('treats creation, profile, manage, tutorial and legal pages as detail routes', () => {
    for (const path of [
      '/create/song-cover',
      '/create/step-1',
      '/my-bops/profile',
      '/manage',
      '/tutorial',
      '/privacy-policy',
    ])
      expect(isDetailRoute(path)).toBe(true);
    for (const path of ['/', '/my-bops', '/playlist/p', '/sign-in']) expect(isDetailRoute(path)).toBe(false);
  });

  it('parses step-{n} segments', () => {
    expect(parseStep('step-1')).toBe(1);
    expect(parseStep('step-12')).toBe(12);
    expect(parseStep('step-0')).toBeNull();
    expect(parseStep('step-')).toBeNull();
    expect(parseStep('song-cover')).toBeNull();
    expect(parseStep(undefined)).toBeNull();
  });

  it('scrolls to the top unless the navigation state says scrollTop: false', () => {
    expect(shouldScrollToTop(null)).toBe(true);
    expect(shouldScrollToTop({ backToHome: true })).toBe(true);
    expect(shouldScrollToTop({ scrollTop: false })).toBe(false);
  });

  it('goes back home on backToHome or from a first entry, else one step back', () => {
    expect(backDestination({ backToHome: true }, 'k1', true)).toBe('/my-bops');
    expect(backDestination({ backToHome: true }, 'k1', false)).toBe('/');
    expect(backDestination(null, 'default', true)).toBe('/my-bops');
    expect(backDestination(null, 'k1', true)).toBe(-1);
  });
});

describe('the mobile shell', () => {
  it('opens a 250 px drawer with nested groups and Log in for a visitor', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await waitFor(() => expect(document.querySelector('.MuiDrawer-paper')).not.toBeNull());
    const paper = document.querySelector('.MuiDrawer-paper') as HTMLElement;
    const drawer = paper;
    expect(getComputedStyle(paper).width).toBe('250px');
    const nav = within(drawer).getByRole('navigation');
    const texts = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(texts).toEqual([
      'Home',
      'Voice cloning',
      'Song cover',
      'Rap',
      'User tutorial',
      'Community guidelines',
      'Privacy policy',
      'Terms and conditions',
      'Log in',
    ]);
    expect(within(nav).getByRole('link', { name: 'Privacy policy' }).getAttribute('target')).toBe(
      'bops-privacy-policy',
    );
    // Groups collapse.
    await user.click(within(nav).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Rap' })).toBeNull());
  });

  it('offers Log off to a signed-in user, which signs out and reloads to /', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/music/processes': { body: { statusCode: 200, data: { count: 0 } } } }).fetchFn,
    );
    const user = userEvent.setup();
    const services = signedInServices();
    renderApp('/my-bops', { preloadedState: signedIn, services });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log off' }));
    await waitFor(() => expect(services.assignLocation).toHaveBeenCalledWith('/'));
    expect(services.auth.signOut).toHaveBeenCalled();
  });

  it('shows a back button on detail routes that goes home when the state says backToHome', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    const user = userEvent.setup();
    renderApp(['/manage', { pathname: '/my-bops/profile', state: { backToHome: true } }], {
      preloadedState: signedIn,
      services: signedInServices(),
    });
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location().textContent).toBe('/my-bops'));
  });

  it('goes one step back otherwise', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    const user = userEvent.setup();
    renderApp(['/manage', '/my-bops/profile'], { preloadedState: signedIn, services: signedInServices() });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location().textContent).toBe('/manage'));
  });

  it('marks the player background on the home pages only', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    const { container } = renderApp('/tutorial');
    await screen.findByRole('heading', { level: 1, name: 'User tutorial' });
    expect(container.querySelector('[data-player-background]')?.getAttribute('data-player-background')).toBe(
      'false',
    );
  });

  it('shows the process indicator with the server count when signed in', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/music/processes': { body: { statusCode: 200, data: { count: 2 } } } }).fetchFn,
    );
    renderApp('/my-bops', { preloadedState: signedIn, services: signedInServices() });
    expect((await screen.findByTestId('process-indicator')).getAttribute('aria-label')).toBe(
      '2 processes in progress',
    );
  });
});

describe('the footer', () => {
  it('shows the current year and links to the privacy policy and terms', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Bops`);
    expect(within(footer).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
  });

  it('takes the year it is given', async () => {
    const { MemoryRouter } = await import('react-router');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <AppFooter year={2031} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText('© 2031 Bops. All rights reserved.')).toBeTruthy();
  });
});

describe('the error boundary', () => {
  function Broken(): never {
    throw new Error('kaboom');
  }

  it('shows the fallback and reports message, component stack, URL and user agent', () => {
    const report = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary report={report}>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sorry...' })).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(report).toHaveBeenCalledTimes(1);
    const sent = report.mock.calls[0]![0] as Record<string, string>;
    expect(sent.message).toBe('kaboom');
    expect(sent.componentStack).toContain('Broken');
    expect(sent.url).toBe(window.location.href);
    expect(sent.userAgent).toBe(window.navigator.userAgent);
  });

  it('posts the report to /api/crash-reports by default', async () => {
    const { fetchFn, calls } = mockFetch({ 'POST /api/crash-reports': { status: 204, body: null } });
    vi.stubGlobal('fetch', fetchFn);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.init?.body))).toMatchObject({
      message: 'kaboom',
      url: window.location.href,
    });
  });
});

describe('scrolling on route change', () => {
  it('scrolls to the top on navigation unless the state says scrollTop: false', async () => {
    const { MemoryRouter, useNavigate } = await import('react-router');
    const { ScrollToTop } = await import('./scroll-to-top.tsx');
    function Buttons() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => void navigate('/a')}>plain</button>
          <button onClick={() => void navigate('/b', { state: { scrollTop: false } })}>keep</button>
        </>
      );
    }
    const scrollTo = vi.mocked(window.scrollTo);
    render(
      <MemoryRouter>
        <ScrollToTop />
        <Buttons />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'plain' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'keep' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
