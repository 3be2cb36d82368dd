import type {
  ChangeEmailBody,
  ChangePasswordBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
} from '@bops/shared/api/auth';
import type { AuthApi } from '../api/auth.api.ts';
import { createAppAsyncThunk } from '../store/store.ts';
import { refusalOf, type AuthRefusal } from './account-security.ts';

/*
 * The account-security calls as thunks, so the forms reach the auth server through the app's services (a fake
 * one in tests). Each rejects with the server's refusal as plain data (its code and status).
 */
function viaAuth<Arg, Result>(type: string, call: (auth: AuthApi, arg: Arg) => Promise<Result>) {
  return createAppAsyncThunk<Result, Arg, { rejectValue: AuthRefusal }>(
    type,
    async (arg, { extra, rejectWithValue }) => {
      try {
        return await call(extra.auth, arg);
      } catch (error) {
        return rejectWithValue(refusalOf(error));
      }
    },
  );
}

export const loadSignInKinds = viaAuth<void, string[]>('security/signInKinds', (auth) =>
  auth.listSignInKinds(),
);
export const changePassword = viaAuth('security/changePassword', (auth, body: ChangePasswordBody) =>
  auth.changePassword(body),
);
export const requestPasswordReset = viaAuth(
  'security/requestPasswordReset',
  (auth, body: RequestPasswordResetBody) => auth.requestPasswordReset(body),
);
export const resetPassword = viaAuth('security/resetPassword', (auth, body: ResetPasswordBody) =>
  auth.resetPassword(body),
);
export const changeEmail = viaAuth('security/changeEmail', (auth, body: ChangeEmailBody) =>
  auth.changeEmail(body),
);
