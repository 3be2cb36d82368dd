import { track } from '../analytics/analytics.ts';
import { bopsApi, fetchProfile } from '../api/bops.api.ts';
import { toUser, type User } from '../store/user.ts';
import { TERMS_NOT_ACCEPTED, type SignUpBody } from '@bops/shared/api/auth';
import { AuthError, type Session } from '../api/auth.api.ts';
import { paths } from '../navigation/route-paths.ts';
import {
  accountFailed,
  accountLoading,
  loggedOut,
  profileLoaded,
  showTutorialChanged,
  signInFailed,
  signInReset,
  signInStarted,
  signInSucceeded,
} from '../store/account.slice.ts';
import { Status } from '../store/status.ts';
import { createAppAsyncThunk, type RootState } from '../store/store.ts';

/** Set by the tutorial once seen; its absence marks a first-time user in this browser. */
export const tutorialSeenKey = 'bops.tutorial-seen';
/** docs/PRODUCT.md#constants: the full profile is loaded again 1 s after sign-in. */
const profileReloadDelayMs = 1000;

/** Translation keys of the sign-in errors (docs/PRODUCT.md#errors). */
export const signInErrorKeys = {
  generic: 'signIn.errors.generic',
  popup: 'signIn.errors.popup',
  invalidCredentials: 'signIn.errors.invalidCredentials',
  emailInUse: 'signIn.errors.emailInUse',
  passwordTooShort: 'signIn.errors.passwordTooShort',
  passwordTooLong: 'signIn.errors.passwordTooLong',
  passwordTooWeak: 'signIn.errors.passwordTooWeak',
  emailInvalid: 'validation.emailInvalid',
  tooManyRequests: 'signIn.errors.tooManyRequests',
  network: 'signIn.errors.network',
  termsNotAccepted: 'legal.confirmAgeAndTermsRequired',
} as const;

export const invalidProviderMessage = 'invalid ID Provider';

/** Loads the profile into the account area; a failure signs the user out of the app state (docs/PRODUCT.md#states). */
export const loadProfile = createAppAsyncThunk(
  'account/loadProfile',
  async (options: { force?: boolean } | undefined, { dispatch }): Promise<User> => {
    try {
      const user = toUser(await dispatch(fetchProfile({ force: options?.force ?? false })));
      dispatch(profileLoaded(user));
      return user;
    } catch (error) {
      dispatch(loggedOut());
      throw error;
    }
  },
);

/** A session check made before the store was loaded (the landing page's first paint needs no store). */
export type PrefetchedSession = { session: Session | null } | { failed: true };

/**
 * Start-up: wait for the session, load the profile when signed in and none is held (docs/PRODUCT.md#states). A check already
 * answered is passed in rather than asked for again.
 */
export const checkSession = createAppAsyncThunk(
  'account/checkSession',
  async (prefetched: PrefetchedSession | undefined, { dispatch, getState, extra }) => {
    dispatch(accountLoading());
    let session;
    try {
      if (prefetched && 'failed' in prefetched) throw new Error('The session check failed.');
      session = prefetched ? prefetched.session : await extra.auth.getSession();
    } catch {
      dispatch(accountFailed());
      return;
    }
    if (!session) {
      dispatch(profileLoaded(null));
      return;
    }
    const held = getState().account.user;
    if (held && held.id === session.user.id) {
      dispatch(profileLoaded(held));
      return;
    }
    try {
      await dispatch(loadProfile(undefined)).unwrap();
    } catch {
      // loadProfile has already signed the user out of the app state; the app renders signed out.
    }
  },
  // One check at a time (React's strict mode runs start-up effects twice).
  { condition: (_arg, { getState }) => getState().account.status !== Status.LOADING },
);

/** What every successful sign-in does, whichever way it came (docs/PRODUCT.md#states). */
export const completeSignIn = createAppAsyncThunk(
  'account/completeSignIn',
  async (_: void, { dispatch, extra }) => {
    await dispatch(loadProfile({ force: true })).unwrap();
    if (!extra.storage.getItem(tutorialSeenKey)) dispatch(showTutorialChanged(true));
    dispatch(signInSucceeded());
    track('sign-in');
    extra.schedule(() => {
      void dispatch(loadProfile({ force: true }));
    }, profileReloadDelayMs);
  },
);

export const signOut = createAppAsyncThunk(
  'account/signOut',
  async (options: { reload?: boolean } | undefined, { dispatch, extra }) => {
    try {
      await extra.auth.signOut();
      track('sign-out', { description: 'success' });
    } catch (error) {
      track('sign-out', { description: 'error' });
      console.warn('Signing out on the server failed; the app state is cleared anyway.', error);
    }
    dispatch(loggedOut());
    dispatch(bopsApi.util.resetApiState());
    if (options?.reload ?? true) extra.assignLocation(paths.landing);
  },
);

function localErrorKey(error: unknown): string {
  if (!(error instanceof AuthError)) return signInErrorKeys.generic;
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return signInErrorKeys.invalidCredentials;
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return signInErrorKeys.emailInUse;
    case 'PASSWORD_TOO_SHORT':
      return signInErrorKeys.passwordTooShort;
    case 'PASSWORD_TOO_LONG':
      return signInErrorKeys.passwordTooLong;
    case 'PASSWORD_TOO_WEAK':
      return signInErrorKeys.passwordTooWeak;
    case 'INVALID_EMAIL':
      return signInErrorKeys.emailInvalid;
    case TERMS_NOT_ACCEPTED.code:
      return signInErrorKeys.termsNotAccepted;
    case 'NETWORK_ERROR':
      return signInErrorKeys.network;
    default:
      return error.status === 429 ? signInErrorKeys.tooManyRequests : signInErrorKeys.generic;
  }
}

/** A sign-in already under way blocks another one (docs/PRODUCT.md#states: the button blocks repeat clicks). */
const notWhileLoading = {
  condition: (_arg: unknown, { getState }: { getState: () => RootState }) =>
    getState().account.signIn.status !== Status.LOADING,
};

export const signInWithEmail = createAppAsyncThunk(
  'account/signInWithEmail',
  async (credentials: { email: string; password: string }, { dispatch, extra }) => {
    dispatch(signInStarted());
    try {
      await extra.auth.signInEmail(credentials);
      await dispatch(completeSignIn()).unwrap();
    } catch (error) {
      dispatch(signInFailed({ message: localErrorKey(error) }));
    }
  },
  notWhileLoading,
);

export const signUpWithEmail = createAppAsyncThunk(
  'account/signUpWithEmail',
  async (account: SignUpBody, { dispatch, extra }) => {
    dispatch(signInStarted());
    try {
      await extra.auth.signUpEmail(account);
      await dispatch(completeSignIn()).unwrap();
    } catch (error) {
      dispatch(signInFailed({ message: localErrorKey(error) }));
    }
  },
  notWhileLoading,
);

/** Where the provider sends the browser back after a redirect sign-in: the sign-in page completes it on load. */
export function redirectReturnPath(target: string): string {
  return `${paths.signIn}?${new URLSearchParams({ redirected: '1', next: target }).toString()}`;
}

export type ProviderSignInResult = 'signed-in' | 'redirecting' | 'closed' | 'failed';

/**
 * Provider (OIDC) sign-in, docs/PRODUCT.md#states: a popup with forced account selection; a blocked popup falls back to a
 * full-page redirect; a popup the user closed resets silently; anything else is an error and a logout without
 * reload. The popup is opened before the first await so the click's user activation still counts.
 */
export const signInWithProvider = createAppAsyncThunk(
  'account/signInWithProvider',
  async (
    { providerId, target }: { providerId: string; target: string },
    { dispatch, getState, extra },
  ): Promise<ProviderSignInResult> => {
    const methods = bopsApi.endpoints.getSignInMethods.select()(getState()).data;
    if (!methods?.providers.some((provider) => provider.id === providerId)) {
      throw new Error(invalidProviderMessage);
    }
    dispatch(signInStarted());
    const popup = extra.openPopup(
      `${paths.signInPopup}?${new URLSearchParams({ provider: providerId }).toString()}`,
    );
    if (!popup) {
      try {
        const { url } = await extra.auth.signInOAuth2({
          providerId,
          callbackURL: redirectReturnPath(target),
          errorCallbackURL: redirectReturnPath(target),
          disableRedirect: true,
        });
        extra.assignLocation(url);
        return 'redirecting';
      } catch {
        dispatch(signInFailed({ message: signInErrorKeys.generic, popupMessage: signInErrorKeys.popup }));
        return 'failed';
      }
    }
    const outcome = await extra.waitForPopup(popup);
    try {
      if (outcome.kind === 'success') {
        await dispatch(completeSignIn()).unwrap();
        return 'signed-in';
      }
      if (outcome.kind === 'closed') {
        // The popup can lose its line to us on the provider's pages; a session means it finished anyway.
        const session = await extra.auth.getSession().catch(() => null);
        if (session) {
          await dispatch(completeSignIn()).unwrap();
          return 'signed-in';
        }
        dispatch(signInReset());
        return 'closed';
      }
    } catch {
      // Falls through to the failure below.
    }
    // Sign out first: logging out resets the account area, and the error must outlive that.
    await dispatch(signOut({ reload: false }));
    dispatch(signInFailed({ message: signInErrorKeys.generic, popupMessage: signInErrorKeys.popup }));
    return 'failed';
  },
  notWhileLoading,
);

/** On loading the sign-in page after a redirect sign-in: finish it the same way a popup sign-in finishes. */
export const completeRedirectSignIn = createAppAsyncThunk(
  'account/completeRedirectSignIn',
  async ({ error }: { error: string | null }, { dispatch, extra }): Promise<ProviderSignInResult> => {
    if (error) {
      dispatch(signInFailed({ message: signInErrorKeys.generic, popupMessage: signInErrorKeys.popup }));
      return 'failed';
    }
    dispatch(signInStarted());
    try {
      const session = await extra.auth.getSession();
      if (!session) {
        dispatch(signInReset());
        return 'closed';
      }
      await dispatch(completeSignIn()).unwrap();
      return 'signed-in';
    } catch {
      dispatch(signInFailed({ message: signInErrorKeys.generic, popupMessage: signInErrorKeys.popup }));
      return 'failed';
    }
  },
);
