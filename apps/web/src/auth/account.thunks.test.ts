import { TERMS_NOT_ACCEPTED } from '@bops/shared/api/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bopsApi } from '../api/bops.api.ts';
import { AuthError } from '../api/auth.api.ts';
import { en } from '../i18n/en.translation.ts';
import { Status } from '../store/status.ts';
import { createAppStore } from '../store/store.ts';
import type { PopupOutcome } from '../store/app-services.ts';
import { fakeServices, mockFetch, sampleProfile, sampleSession, signedInState } from '../test/test-app.tsx';
import {
  checkSession,
  completeRedirectSignIn,
  loadProfile,
  invalidProviderMessage,
  signInErrorKeys,
  signInWithEmail,
  signInWithProvider,
  signOut,
  signUpWithEmail,
  tutorialSeenKey,
} from './account.thunks.ts';

const methods = { emailPassword: true, providers: [{ id: 'google', name: 'Google' }] };

function stubApi(
  profile: { status?: number; body: unknown } = { body: { statusCode: 200, data: sampleProfile } },
) {
  const { fetchFn, calls } = mockFetch({
    'GET /api/sign-in/methods': { body: { statusCode: 200, data: methods } },
    'GET /api/user/bops_profile': profile,
  });
  vi.stubGlobal('fetch', fetchFn);
  return calls;
}

async function storeWithMethods(overrides: Parameters<typeof fakeServices>[0] = {}) {
  const fake = fakeServices(overrides);
  const store = createAppStore(fake.services);
  await store.dispatch(bopsApi.endpoints.getSignInMethods.initiate());
  return { store, ...fake };
}

const popupWindow = { closed: false } as Window;

describe('the sign-in messages of docs/PRODUCT.md#errors', () => {
  it('are the translation table texts', () => {
    expect(en.signIn.errors.generic).toBe('Sorry, something went wrong. Please try again.');
    expect(en.signIn.errors.popup).toBe(
      'Please try clicking "Log In" again, or disable your pop-up blocker.',
    );
    expect(signInErrorKeys.generic).toBe('signIn.errors.generic');
    expect(signInErrorKeys.popup).toBe('signIn.errors.popup');
  });
});

describe('provider sign-in', () => {
  beforeEach(() => {
    stubApi();
  });

  it('opens the popup for the provider and, when it reports success, signs in', async () => {
    const { store, services, scheduled } = await storeWithMethods({
      openPopup: vi.fn(() => popupWindow),
      waitForPopup: vi.fn(async (): Promise<PopupOutcome> => ({ kind: 'success' })),
    });
    const pending = store.dispatch(signInWithProvider({ providerId: 'google', target: '/manage' }));
    expect(store.getState().account.signIn.status).toBe(Status.LOADING);
    expect(services.openPopup).toHaveBeenCalledWith('/sign-in/popup?provider=google');
    expect(await pending.unwrap()).toBe('signed-in');
    const account = store.getState().account;
    expect(account.authenticated).toBe(true);
    expect(account.user?.id).toBe('u1');
    expect(account.signIn).toEqual({ status: Status.SUCCESS, message: null, popupMessage: null });
    // The profile reloads a second after sign-in (docs/PRODUCT.md#constants).
    expect(scheduled.map((entry) => entry.delayMs)).toEqual([1000]);
    const profileReads = () =>
      vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/api/user/bops_profile'));
    const before = profileReads().length;
    scheduled[0]!.callback();
    await vi.waitFor(() => expect(profileReads()).toHaveLength(before + 1));
  });

  it('blocks a second click while the first is loading', async () => {
    let finish: (outcome: PopupOutcome) => void = () => undefined;
    const { store, services } = await storeWithMethods({
      openPopup: vi.fn(() => popupWindow),
      waitForPopup: vi.fn(() => new Promise<PopupOutcome>((resolve) => (finish = resolve))),
    });
    const first = store.dispatch(signInWithProvider({ providerId: 'google', target: '/my-bops' }));
    const second = await store.dispatch(signInWithProvider({ providerId: 'google', target: '/my-bops' }));
    expect(second.meta.requestStatus).toBe('rejected');
    expect(services.openPopup).toHaveBeenCalledTimes(1);
    finish({ kind: 'closed' });
    await first;
  });

  it('falls back to a redirect sign-in when the popup is blocked', async () => {
    const { store, services } = await storeWithMethods({ openPopup: vi.fn(() => null) });
    expect(
      await store.dispatch(signInWithProvider({ providerId: 'google', target: '/listen/m1' })).unwrap(),
    ).toBe('redirecting');
    expect(services.auth.signInOAuth2).toHaveBeenCalledWith({
      providerId: 'google',
      callbackURL: '/sign-in?redirected=1&next=%2Flisten%2Fm1',
      errorCallbackURL: '/sign-in?redirected=1&next=%2Flisten%2Fm1',
      disableRedirect: true,
    });
    expect(services.assignLocation).toHaveBeenCalledWith('https://accounts.example/authorize');
    expect(store.getState().account.signIn.status).toBe(Status.LOADING);
  });

  it('shows the error when the redirect fallback fails too', async () => {
    const fake = fakeServices();
    const { store } = await storeWithMethods({
      openPopup: vi.fn(() => null),
      auth: {
        ...fake.services.auth,
        signInOAuth2: vi.fn(async () => Promise.reject(new AuthError('down', 500))),
      },
    });
    expect(await store.dispatch(signInWithProvider({ providerId: 'google', target: '/' })).unwrap()).toBe(
      'failed',
    );
    expect(store.getState().account.signIn).toEqual({
      status: Status.ERROR,
      message: signInErrorKeys.generic,
      popupMessage: signInErrorKeys.popup,
    });
  });

  it('resets silently when the user closes the popup', async () => {
    const { store, services } = await storeWithMethods({
      openPopup: vi.fn(() => popupWindow),
      waitForPopup: vi.fn(async (): Promise<PopupOutcome> => ({ kind: 'closed' })),
    });
    expect(await store.dispatch(signInWithProvider({ providerId: 'google', target: '/' })).unwrap()).toBe(
      'closed',
    );
    expect(store.getState().account.signIn).toEqual({ status: null, message: null, popupMessage: null });
    expect(store.getState().account.authenticated).toBe(false);
    expect(services.auth.signOut).not.toHaveBeenCalled();
  });

  it('treats a closed popup with a fresh session as signed in (the popup lost its line to us)', async () => {
    const fake = fakeServices();
    const { store } = await storeWithMethods({
      openPopup: vi.fn(() => popupWindow),
      waitForPopup: vi.fn(async (): Promise<PopupOutcome> => ({ kind: 'closed' })),
      auth: { ...fake.services.auth, getSession: vi.fn(async () => sampleSession) },
    });
    expect(await store.dispatch(signInWithProvider({ providerId: 'google', target: '/' })).unwrap()).toBe(
      'signed-in',
    );
    expect(store.getState().account.authenticated).toBe(true);
  });

  it('on any other failure shows both messages and signs out without reloading', async () => {
    const { store, services } = await storeWithMethods({
      openPopup: vi.fn(() => popupWindow),
      waitForPopup: vi.fn(async (): Promise<PopupOutcome> => ({ kind: 'error', error: 'access_denied' })),
    });
    expect(await store.dispatch(signInWithProvider({ providerId: 'google', target: '/' })).unwrap()).toBe(
      'failed',
    );
    expect(store.getState().account.signIn).toEqual({
      status: Status.ERROR,
      message: signInErrorKeys.generic,
      popupMessage: signInErrorKeys.popup,
    });
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
    expect(services.assignLocation).not.toHaveBeenCalled();
  });

  it('fails like any other error when the profile cannot be loaded after the popup', async () => {
    stubApi({ status: 500, body: { statusCode: 500, error: 'Internal', message: 'boom' } });
    const { store, services } = await storeWithMethods({
      openPopup: vi.fn(() => popupWindow),
      waitForPopup: vi.fn(async (): Promise<PopupOutcome> => ({ kind: 'success' })),
    });
    expect(await store.dispatch(signInWithProvider({ providerId: 'google', target: '/' })).unwrap()).toBe(
      'failed',
    );
    expect(store.getState().account.signIn.status).toBe(Status.ERROR);
    expect(store.getState().account.authenticated).toBe(false);
    expect(services.assignLocation).not.toHaveBeenCalled();
  });

  it('rejects an unknown provider with "invalid ID Provider" and opens nothing', async () => {
    const { store, services } = await storeWithMethods({ openPopup: vi.fn(() => popupWindow) });
    const result = await store.dispatch(signInWithProvider({ providerId: 'facebook', target: '/' }));
    expect(result.meta.requestStatus).toBe('rejected');
    expect((result as { error: { message: string } }).error.message).toBe(invalidProviderMessage);
    expect(invalidProviderMessage).toBe('invalid ID Provider');
    expect(services.openPopup).not.toHaveBeenCalled();
    expect(store.getState().account.signIn.status).toBeNull();
  });
});

describe('redirect result on page load', () => {
  beforeEach(() => {
    stubApi();
  });

  it('completes a pending redirect sign-in', async () => {
    const fake = fakeServices();
    const { store, scheduled } = await storeWithMethods({
      auth: { ...fake.services.auth, getSession: vi.fn(async () => sampleSession) },
    });
    expect(await store.dispatch(completeRedirectSignIn({ error: null })).unwrap()).toBe('signed-in');
    expect(store.getState().account.authenticated).toBe(true);
    expect(scheduled).toHaveLength(1);
  });

  it('shows the error the provider sent back', async () => {
    const { store } = await storeWithMethods();
    expect(await store.dispatch(completeRedirectSignIn({ error: 'access_denied' })).unwrap()).toBe('failed');
    expect(store.getState().account.signIn.message).toBe(signInErrorKeys.generic);
  });
});

describe('first-time users', () => {
  beforeEach(() => {
    stubApi();
  });

  it('get showTutorial when this browser has no tutorial-seen flag', async () => {
    const { store } = await storeWithMethods();
    await store.dispatch(signInWithEmail({ email: 'ada@example.com', password: 'secret123' }));
    expect(store.getState().account.showTutorial).toBe(true);
  });

  it('do not when the flag is there', async () => {
    const { store, storage } = await storeWithMethods();
    storage.set(tutorialSeenKey, 'true');
    await store.dispatch(signInWithEmail({ email: 'ada@example.com', password: 'secret123' }));
    expect(store.getState().account.authenticated).toBe(true);
    expect(store.getState().account.showTutorial).toBe(false);
  });
});

describe('local accounts', () => {
  beforeEach(() => {
    stubApi();
  });

  it('maps auth server errors to their messages', async () => {
    const fake = fakeServices();
    const { store } = await storeWithMethods({
      auth: {
        ...fake.services.auth,
        signInEmail: vi.fn(async () =>
          Promise.reject(new AuthError('Invalid email or password', 401, 'INVALID_EMAIL_OR_PASSWORD')),
        ),
        signUpEmail: vi.fn(async () =>
          Promise.reject(new AuthError('User already exists.', 422, 'USER_ALREADY_EXISTS')),
        ),
      },
    });
    await store.dispatch(signInWithEmail({ email: 'a@b.co', password: 'x' }));
    expect(store.getState().account.signIn).toMatchObject({
      status: Status.ERROR,
      message: signInErrorKeys.invalidCredentials,
    });
    await store.dispatch(signUpWithEmail({ name: 'A', email: 'a@b.co', password: 'x', acceptedTerms: true }));
    expect(store.getState().account.signIn.message).toBe(signInErrorKeys.emailInUse);
    expect(store.getState().account.authenticated).toBe(false);
  });

  it("shows the terms' own sentence when the server refuses a sign-up without them", async () => {
    const fake = fakeServices();
    const { store } = await storeWithMethods({
      auth: {
        ...fake.services.auth,
        signUpEmail: vi.fn(async () =>
          Promise.reject(new AuthError(TERMS_NOT_ACCEPTED.message, 400, TERMS_NOT_ACCEPTED.code)),
        ),
      },
    });
    await store.dispatch(signUpWithEmail({ name: 'A', email: 'a@b.co', password: 'x', acceptedTerms: true }));
    const { message } = store.getState().account.signIn;
    expect(message).toBe(signInErrorKeys.termsNotAccepted);
    // The server's sentence and the form's are the same words.
    expect(en.legal.confirmAgeAndTermsRequired).toBe(TERMS_NOT_ACCEPTED.message);
  });
});

describe('start-up and sign-out', () => {
  it('loads the profile when a session exists', async () => {
    const calls = stubApi();
    const fake = fakeServices();
    const store = createAppStore({
      ...fake.services,
      auth: { ...fake.services.auth, getSession: async () => sampleSession },
    });
    await store.dispatch(checkSession());
    expect(store.getState().account).toMatchObject({ status: Status.SUCCESS, authenticated: true });
    expect(calls.filter((call) => call.url === '/api/user/bops_profile')).toHaveLength(1);
  });

  it('signs the user out of the app state when the profile fails', async () => {
    stubApi({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'no' } });
    const fake = fakeServices();
    const store = createAppStore({
      ...fake.services,
      auth: { ...fake.services.auth, getSession: async () => sampleSession },
    });
    await store.dispatch(checkSession());
    expect(store.getState().account).toMatchObject({
      status: Status.SUCCESS,
      authenticated: false,
      user: null,
    });
  });

  it('renders signed out when there is no session, without asking for a profile', async () => {
    const calls = stubApi();
    const store = createAppStore(fakeServices().services);
    await store.dispatch(checkSession());
    expect(store.getState().account).toMatchObject({ status: Status.SUCCESS, authenticated: false });
    expect(calls).toHaveLength(0);
  });

  it('sign-out clears the session and reloads to / unless told not to', async () => {
    stubApi();
    const { store, services } = await storeWithMethods();
    await store.dispatch(signInWithEmail({ email: 'ada@example.com', password: 'secret123' }));
    await store.dispatch(signOut(undefined));
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().account.authenticated).toBe(false);
    expect(services.assignLocation).toHaveBeenCalledWith('/');
    await store.dispatch(signOut({ reload: false }));
    expect(services.assignLocation).toHaveBeenCalledTimes(1);
  });
});

describe('loading the profile again', () => {
  it('keeps the person signed in when a profile update is invalidated while the profile is on its way', async () => {
    // Each answer waits for its gate: the order requests finish in is the test's to choose.
    const gates = new Map<string, { open: () => void; opened: Promise<void> }>();
    const gate = (path: string) => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.set(path, { open, opened });
    };
    gate('/api/music/processes');
    gate('/api/user/bops_profile');
    const { fetchFn } = mockFetch({
      'GET /api/user/bops_profile': { body: { statusCode: 200, data: sampleProfile } },
      'POST /api/user/bops_profile/update': { body: { statusCode: 200, data: sampleProfile } },
      'GET /api/music/processes': { body: { statusCode: 200, data: { count: 0 } } },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        await gates.get(new URL(String(input), 'http://bops.test').pathname)?.opened;
        return fetchFn(input, init);
      }),
    );
    const store = createAppStore(fakeServices().services, signedInState);
    // Something else is loading while the save lands, so the library holds the invalidation back...
    const processes = store.dispatch(bopsApi.endpoints.getProcessCount.initiate());
    await store.dispatch(
      bopsApi.endpoints.updateProfile.initiate({
        firstname: '',
        lastname: '',
        displayName: 'Ada',
        bios: '',
        dob: '',
      }),
    );
    // ...until the profile asked for after the save is the last request still pending.
    const reload = store.dispatch(loadProfile({ force: true }));
    gates.get('/api/music/processes')!.open();
    await processes;
    gates.get('/api/user/bops_profile')!.open();
    await reload;
    expect(store.getState().account.authenticated).toBe(true);
    expect(store.getState().account.user?.id).toBe(sampleProfile.id);
    processes.unsubscribe();
  });
});
