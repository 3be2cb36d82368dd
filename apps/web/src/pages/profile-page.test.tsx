import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_LIMITS, updateProfileBody } from '@bops/shared/api/profile';
import { Status } from '../store/status.ts';
import { mockFetch, renderApp, sampleProfile, signedInServices, signedInState } from '../test/test-app.tsx';
import { checkPhoto, toProfileUpdate, validateProfile } from './profile-form.ts';

const signedIn = signedInState;

const services = signedInServices;

describe('profile form rules', () => {
  it('requires a display name', () => {
    expect(validateProfile({ firstName: '', lastName: '', displayName: '  ', bio: '' })).toEqual({
      displayName: { key: 'validation.required' },
    });
  });

  it('refuses exactly the lengths the server refuses, naming its limit', () => {
    const longest = {
      firstName: 'x'.repeat(PROFILE_LIMITS.firstname),
      lastName: 'x'.repeat(PROFILE_LIMITS.lastname),
      displayName: 'x'.repeat(PROFILE_LIMITS.displayName),
      bio: 'y'.repeat(PROFILE_LIMITS.bios),
    };
    expect(validateProfile(longest)).toEqual({});
    expect(updateProfileBody.safeParse(toProfileUpdate(longest)).success).toBe(true);
    for (const field of ['firstName', 'lastName', 'displayName', 'bio'] as const) {
      const tooLong = { ...longest, [field]: longest[field] + 'z' };
      const max = longest[field].length;
      expect(validateProfile(tooLong), field).toEqual({ [field]: { key: 'validation.tooLong', max } });
      const refused = updateProfileBody.safeParse(toProfileUpdate(tooLong));
      expect(refused.error?.issues[0]?.message, field).toBe(`Please use at most ${max} characters`);
    }
  });

  it('accepts JPEG, PNG and WebP photos up to 10 MB', () => {
    expect(checkPhoto({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkPhoto({ type: 'image/webp', size: 10 })).toBeNull();
    expect(checkPhoto({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('validation.photoSize');
    expect(checkPhoto({ type: 'image/gif', size: 10 })).toBe('validation.photoType');
  });
});

describe('the profile page', () => {
  it('shows the profile with a read-only e-mail', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/my-bops/profile', { preloadedState: signedIn, services: services() });
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Lovelace');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('saves through the update call with dob sent empty, and shows the saved profile', async () => {
    const saved = { ...sampleProfile, displayName: 'Countess', bios: 'Poetical science' };
    const { fetchFn, calls } = mockFetch({
      'POST /api/user/bops_profile/update': { body: { statusCode: 200, data: saved } },
      'GET /api/user/bops_profile': { body: { statusCode: 200, data: saved } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/my-bops/profile', { preloadedState: signedIn, services: services() });
    const displayName = await screen.findByLabelText(/Display name/);
    await user.clear(displayName);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    await user.type(displayName, 'Countess');
    await user.type(screen.getByLabelText('Bio'), 'Poetical science');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    const update = calls.find((call) => call.url === '/api/user/bops_profile/update');
    expect(JSON.parse(String(update?.init?.body))).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      dob: '',
      displayName: 'Countess',
      bios: 'Poetical science',
    });
    expect(store.getState().account.user?.displayName).toBe('Countess');
    // The sync flag fetches the profile again.
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user/bops_profile')).toBe(true));
  });

  it('shows the server explanation when saving fails', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /api/user/bops_profile/update': {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: 'Display name is taken.' },
        },
      }).fetchFn,
    );
    const user = userEvent.setup();
    const { store } = renderApp('/my-bops/profile', { preloadedState: signedIn, services: services() });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display name is taken.')).toBeTruthy();
    expect(store.getState().account.updateStatus).toBe(Status.ERROR);
  });

  it('uploads a custom photo as multipart field "photo"', async () => {
    const withPhoto = { ...sampleProfile, customPhoto: '/api/files/p.png' };
    const { fetchFn, calls } = mockFetch({
      'POST /api/user/bops_profile/photo': { body: { statusCode: 200, data: withPhoto } },
      'GET /api/user/bops_profile': { body: { statusCode: 200, data: withPhoto } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/my-bops/profile', { preloadedState: signedIn, services: services() });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByTestId('photo-input'), file);
    expect(await screen.findByText('Your photo is saved.')).toBeTruthy();
    const upload = calls.find((call) => call.url === '/api/user/bops_profile/photo');
    expect((upload?.init?.body as FormData).get('photo')).toBeInstanceOf(File);
    expect(store.getState().account.user?.customPhoto).toBe('/api/files/p.png');
  });

  it('refuses an unsupported photo before uploading', async () => {
    const { fetchFn, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/my-bops/profile', { preloadedState: signedIn, services: services() });
    await user.upload(
      await screen.findByTestId('photo-input'),
      new File(['gif'], 'a.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('photo'))).toBe(false);
  });
});

describe('your data on the profile page', () => {
  it('offers the export as a download and deletes the account only after the e-mail is typed', async () => {
    const { afterAccountDeleted } = await import('./account-data-section.tsx');
    const leave = vi.spyOn(afterAccountDeleted, 'leave').mockImplementation(() => {});
    const { fetchFn, calls } = mockFetch({
      'POST /api/user/delete_account': { body: { statusCode: 200, data: { deleted: true } } },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/my-bops/profile', { preloadedState: signedIn, services: services() });
    const exportLink = await screen.findByRole('link', { name: 'Export my data' });
    expect(exportLink.getAttribute('href')).toBe('/api/user/export');
    expect(exportLink.hasAttribute('download')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = screen.getByRole('button', { name: 'Delete forever' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), 'someone@else.com');
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.clear(screen.getByLabelText('Type your e-mail address to confirm'));
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), 'ADA@example.com');
    expect(confirm).toHaveProperty('disabled', false);
    await userEvent.click(confirm);
    await waitFor(() => expect(leave).toHaveBeenCalled());
    const call = calls.find((c) => c.url.endsWith('/api/user/delete_account'));
    expect(JSON.parse(String(call?.init?.body))).toEqual({ confirmation: 'ADA@example.com' });
    expect(dialog).toBeTruthy();
  });
});
