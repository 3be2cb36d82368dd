import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../api/auth.api.ts';
import { emailChangedCallback, securityErrorOf, validateChangePassword } from '../auth/account-security.ts';
import { fakeServices, mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const strong = 'velvet lantern orbit 42';

function servicesWith(auth: Partial<ReturnType<typeof signedInServices>['auth']>) {
  const base = signedInServices();
  return { ...base, auth: { ...base.auth, ...auth } };
}

async function openProfile(services = signedInServices()) {
  vi.stubGlobal('fetch', mockFetch({}).fetchFn);
  renderApp('/my-bops/profile', { preloadedState: signedInState, services });
  const form = await screen.findByRole('form', { name: 'Change password' });
  return { services, form };
}

describe('account security rules', () => {
  it('asks for the current password and a strong, different new one', async () => {
    expect(await validateChangePassword({ currentPassword: '', newPassword: '' }, [])).toEqual({
      currentPassword: 'validation.required',
      newPassword: 'validation.required',
    });
    expect(await validateChangePassword({ currentPassword: 'x', newPassword: 'password123' }, [])).toEqual({
      newPassword: 'signIn.errors.passwordTooWeak',
    });
    expect(await validateChangePassword({ currentPassword: strong, newPassword: strong }, [])).toEqual({
      newPassword: 'security.errors.samePassword',
    });
    expect(await validateChangePassword({ currentPassword: 'old one', newPassword: strong }, [])).toEqual({});
  });

  it("puts the server's refusals on the field they concern", () => {
    const refusal = (code: string | undefined, status = 400) => ({ code, status, message: '' });
    expect(securityErrorOf(refusal('INVALID_PASSWORD'))).toEqual({
      field: 'currentPassword',
      key: 'security.errors.currentPasswordWrong',
    });
    expect(securityErrorOf(refusal('PASSWORD_TOO_WEAK')).field).toBe('newPassword');
    expect(securityErrorOf(refusal('INVALID_TOKEN')).key).toBe('security.errors.linkInvalid');
    expect(securityErrorOf(refusal('TOO_MANY_FAILED_SIGN_INS', 429)).key).toBe(
      'security.errors.tooManyWrongPasswords',
    );
    expect(securityErrorOf(refusal(undefined, 429)).key).toBe('signIn.errors.tooManyRequests');
    expect(securityErrorOf(refusal('NETWORK_ERROR', 0)).key).toBe('signIn.errors.network');
  });
});

describe("the profile's security section", () => {
  it('changes the password and says the other devices were signed out', async () => {
    const { services, form } = await openProfile();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getAllByText('This field is required')).toHaveLength(2);

    await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
    await user.type(within(form).getByLabelText('New password'), strong);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(/Every other device was signed out/)).toBeTruthy();
    expect(services.auth.changePassword).toHaveBeenCalledWith({
      currentPassword: 'correct horse battery',
      newPassword: strong,
    });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('says so on the field when the current password is wrong', async () => {
    const services = servicesWith({
      changePassword: vi.fn(async () => {
        throw new AuthError('Invalid password', 400, 'INVALID_PASSWORD');
      }),
    });
    const { form } = await openProfile(services);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'a wrong guess');
    await user.type(within(form).getByLabelText('New password'), strong);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is not right.')).toBeTruthy();
  });

  it('asks the new address to confirm, and tells how the mailed link went', async () => {
    const { services } = await openProfile();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Change e-mail address' });
    await user.type(within(form).getByLabelText('New e-mail address'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(within(form).getByText('This is already your e-mail address.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('New e-mail address'));
    await user.type(within(form).getByLabelText('New e-mail address'), 'Ada@New.Example');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText(/Check ada@new.example for a link/)).toBeTruthy();
    expect(services.auth.changeEmail).toHaveBeenCalledWith({
      newEmail: 'ada@new.example',
      callbackURL: emailChangedCallback,
    });
  });

  it('greets the return from the confirmation link and drops the marker from the address', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/my-bops/profile?email=changed', {
      preloadedState: signedInState,
      services: signedInServices(),
    });
    expect(
      await screen.findByText('Your e-mail address is changed. Sign in with it from now on.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my-bops/profile'));
  });

  it('shows an account of a provider no password forms', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    const services = servicesWith({ listSignInKinds: vi.fn(async () => ['google']) });
    renderApp('/my-bops/profile', { preloadedState: signedInState, services });
    expect(await screen.findByText(/You sign in through google/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
  });
});

describe('a forgotten password', () => {
  it('"Forgot password?" on sign-in mails a reset link to the address given', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/sign-in/methods': {
          body: { statusCode: 200, data: { emailPassword: true, providers: [] } },
        },
      }).fetchFn,
    );
    const { services } = fakeServices();
    renderApp('/sign-in', { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location').textContent).toBe('/sign-in?forgot=1');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account uses grace@example.com/)).toBeTruthy();
    expect(services.auth.requestPasswordReset).toHaveBeenCalledWith({ email: 'grace@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByTestId('location').textContent).toBe('/sign-in');
  });

  it('the reset page sets a strong password with the token of the link', async () => {
    const { services } = fakeServices();
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/reset-password?token=tok123', { services });
    const user = userEvent.setup();
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'password123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('This password is too easy to guess. Try a few unrelated words.'),
    ).toBeTruthy();
    await user.clear(password);
    await user.type(password, strong);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password is changed. Sign in with your new password.')).toBeTruthy();
    expect(services.auth.resetPassword).toHaveBeenCalledWith({ token: 'tok123', newPassword: strong });
  });

  it('the reset page says when the link is spent and offers a new one', async () => {
    const { services } = fakeServices({
      auth: {
        ...fakeServices().services.auth,
        resetPassword: vi.fn(async () => {
          throw new AuthError('Invalid token', 400, 'INVALID_TOKEN');
        }),
      },
    });
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/reset-password?token=spent', { services });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), strong);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has expired or was already used.');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/sign-in?forgot=1',
    );
  });
});
