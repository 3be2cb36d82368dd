import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../api/auth.api.ts';
import type { PopupOutcome } from '../store/app-services.ts';
import { fakeServices, mockFetch, renderApp, sampleProfile, sampleSession } from '../test/test-app.tsx';

function stubApi(methods = { emailPassword: true, providers: [{ id: 'google', name: 'Google' }] }) {
  const { fetchFn, calls } = mockFetch({
    'GET /api/sign-in/methods': { body: { statusCode: 200, data: methods } },
    'GET /api/user/bops_profile': { body: { statusCode: 200, data: sampleProfile } },
  });
  vi.stubGlobal('fetch', fetchFn);
  return calls;
}

/** Services whose sign-up/sign-in "creates" a session the next getSession sees. */
function servicesWithLocalAccounts(overrides: Parameters<typeof fakeServices>[0] = {}) {
  let signedIn = false;
  const base = fakeServices().services.auth;
  return fakeServices({
    ...overrides,
    auth: {
      ...base,
      getSession: vi.fn(async () => (signedIn ? sampleSession : null)),
      signUpEmail: vi.fn(async () => void (signedIn = true)),
      signInEmail: vi.fn(async () => void (signedIn = true)),
      ...overrides.auth,
    },
  }).services;
}

function location() {
  return screen.getByTestId('location');
}

describe('the sign-in page', () => {
  it('shows a button per provider and the local forms', async () => {
    stubApi();
    renderApp('/sign-in');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in to Bops');
    expect(screen.getByRole('tab', { name: 'Create account' })).toBeTruthy();
  });

  it('hides what the server does not offer', async () => {
    stubApi({ emailPassword: false, providers: [{ id: 'google', name: 'Google' }] });
    renderApp('/sign-in');
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it.each([
    ['/sign-in?shared=1', "Let's hear it!"],
    ['/sign-in?next=%2Flisten%2Fm1', "Let's hear it!"],
    ['/sign-in?next=%2Fshared%2Fp1', "Let's hear it!"],
    ['/sign-in?next=%2Fmanage', 'Log in to Bops'],
  ])('titles %s "%s"', async (path, title) => {
    stubApi();
    renderApp(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
  });

  it('validates the local form with the wording of docs/PRODUCT.md#validation', async () => {
    stubApi();
    const user = userEvent.setup();
    const services = servicesWithLocalAccounts();
    renderApp('/sign-in', { services });
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    const form = screen.getByRole('form', { name: 'Create account' });
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getAllByText('This field is required')).toHaveLength(3);
    expect(
      within(form).getByText(
        'Please confirm that you are 18 or older and agree to the Terms and Conditions.',
      ),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getByText('Email is invalid')).toBeTruthy();
    expect(services.auth.signUpEmail).not.toHaveBeenCalled();
  });

  it('says the password rule and refuses a weak password before asking the server', async () => {
    stubApi();
    const user = userEvent.setup();
    const services = servicesWithLocalAccounts();
    renderApp('/sign-in', { services });
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    const form = screen.getByRole('form', { name: 'Create account' });
    expect(
      within(form).getByText('At least 8 characters and hard to guess: a few unrelated words work well.'),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Ada');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    for (const weak of ['password', '12345678', 'ada@example.com']) {
      await user.clear(within(form).getByLabelText('Password'));
      await user.type(within(form).getByLabelText('Password'), weak);
      await user.click(within(form).getByRole('button', { name: 'Create account' }));
      expect(
        await within(form).findByText('This password is too easy to guess. Try a few unrelated words.'),
      ).toBeTruthy();
    }
    expect(services.auth.signUpEmail).not.toHaveBeenCalled();
  });

  it('shows the server refusing a weak password in the same words', async () => {
    stubApi();
    const user = userEvent.setup();
    const services = servicesWithLocalAccounts();
    services.auth.signUpEmail = vi.fn(async () => {
      throw new AuthError('This password is too easy to guess.', 400, 'PASSWORD_TOO_WEAK');
    });
    renderApp('/sign-in', { services });
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    const form = screen.getByRole('form', { name: 'Create account' });
    await user.type(within(form).getByLabelText('Name'), 'Ada');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Password'), 'velvet trombone orbit');
    await user.click(within(form).getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This password is too easy to guess. Try a few unrelated words.',
    );
  });

  it('creates an account and goes to the requested page, replacing history, with backToHome', async () => {
    stubApi();
    const user = userEvent.setup();
    const services = servicesWithLocalAccounts();
    renderApp('/manage', { services });
    await waitFor(() => expect(location().textContent).toBe('/sign-in?next=%2Fmanage'));
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    const form = screen.getByRole('form', { name: 'Create account' });
    await user.type(within(form).getByLabelText('Name'), 'Ada');
    await user.type(within(form).getByLabelText('Email'), ' ada@example.com ');
    await user.type(within(form).getByLabelText('Password'), 'correct horse');
    // The age and terms confirmation comes first; the checkbox names the terms and links to them.
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(
      await within(form).findByText(
        'Please confirm that you are 18 or older and agree to the Terms and Conditions.',
      ),
    ).toBeTruthy();
    expect(services.auth.signUpEmail).not.toHaveBeenCalled();
    expect(within(form).getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
    await user.click(
      within(form).getByRole('checkbox', { name: 'I am 18 or older and agree to the Terms and Conditions' }),
    );
    expect(
      within(form).queryByText(
        'Please confirm that you are 18 or older and agree to the Terms and Conditions.',
      ),
    ).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().textContent).toBe('/manage'));
    expect(JSON.parse(location().dataset.state!)).toEqual({ backToHome: true });
    expect(services.auth.signUpEmail).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse',
      acceptedTerms: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage' })).toBeTruthy();
  });

  it('goes to the signed-in home when nothing was requested, and ignores open redirects', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/sign-in?next=%2F%2Fevil.example', { services: servicesWithLocalAccounts() });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location().textContent).toBe('/my-bops'));
  });

  it('shows both sign-in error messages after a failed popup sign-in', async () => {
    stubApi();
    const user = userEvent.setup();
    const services = servicesWithLocalAccounts({
      openPopup: vi.fn(() => ({ closed: false }) as Window),
      waitForPopup: vi.fn(async (): Promise<PopupOutcome> => ({ kind: 'error', error: 'access_denied' })),
    });
    renderApp('/sign-in', { services });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again.');
    expect(alert.textContent).toContain(
      'Please try clicking "Log In" again, or disable your pop-up blocker.',
    );
  });

  it('disables the provider button while a sign-in is loading', async () => {
    stubApi();
    const user = userEvent.setup();
    const services = servicesWithLocalAccounts({
      openPopup: vi.fn(() => ({ closed: false }) as Window),
      waitForPopup: vi.fn(() => new Promise<PopupOutcome>(() => undefined)),
    });
    renderApp('/sign-in', { services });
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    await user.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Finish signing in in the window that opened.')).toBeTruthy();
    fireEvent.click(button);
    expect(services.openPopup).toHaveBeenCalledTimes(1);
  });

  it('completes a pending redirect result on load and lands on the target', async () => {
    stubApi();
    const services = servicesWithLocalAccounts({
      auth: { ...fakeServices().services.auth, getSession: vi.fn(async () => sampleSession) },
    });
    renderApp('/sign-in?redirected=1&next=%2Fplaylist%2Fp1', { services });
    await waitFor(() => expect(location().textContent).toBe('/playlist/p1'));
    expect(JSON.parse(location().dataset.state!)).toEqual({ backToHome: true });
  });

  it('shows the error a failed redirect sign-in came back with', async () => {
    stubApi();
    renderApp('/sign-in?redirected=1&error=access_denied&next=%2Fmanage', {
      services: servicesWithLocalAccounts(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sorry, something went wrong. Please try again.',
    );
    await waitFor(() => expect(location().textContent).toBe('/sign-in?next=%2Fmanage'));
  });
});
