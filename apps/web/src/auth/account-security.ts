/**
 * Password change, password reset and address change: the forms' own checks (the shared password rule, as
 * at sign-up) and the auth server's refusals as translation keys, in the sign-in form's wording.
 */
import { AuthError } from '../api/auth.api.ts';
import { signInErrorKeys } from './account.thunks.ts';
import { isValidEmail, loadPasswordRule } from './sign-in-form.ts';

export const securityErrorKeys = {
  currentPasswordWrong: 'security.errors.currentPasswordWrong',
  samePassword: 'security.errors.samePassword',
  linkInvalid: 'security.errors.linkInvalid',
  sameEmail: 'security.errors.sameEmail',
  emailFromProvider: 'security.errors.emailFromProvider',
  tooManyWrongPasswords: 'security.errors.tooManyWrongPasswords',
} as const;

const passwordProblemKeys = {
  tooShort: signInErrorKeys.passwordTooShort,
  tooLong: signInErrorKeys.passwordTooLong,
  tooWeak: signInErrorKeys.passwordTooWeak,
} as const;

/** The shared rule on a new password, the person's name and address counting against it. */
export async function newPasswordProblem(password: string, context: string[]): Promise<string | undefined> {
  if (password === '') return 'validation.required';
  const { checkPassword } = await loadPasswordRule();
  const { problem } = checkPassword(
    password,
    context.filter((part) => part.trim() !== ''),
  );
  return problem ? passwordProblemKeys[problem] : undefined;
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

export async function validateChangePassword(
  values: ChangePasswordValues,
  context: string[],
): Promise<ChangePasswordErrors> {
  const errors: ChangePasswordErrors = {};
  if (values.currentPassword === '') errors.currentPassword = 'validation.required';
  const problem = await newPasswordProblem(values.newPassword, context);
  if (problem) errors.newPassword = problem;
  else if (values.newPassword === values.currentPassword) errors.newPassword = securityErrorKeys.samePassword;
  return errors;
}

/** A required, well-formed address (the sign-in form's wording). */
export function emailProblem(value: string): string | undefined {
  if (value.trim() === '') return 'validation.required';
  return isValidEmail(value) ? undefined : 'validation.emailInvalid';
}

/** An auth server's refusal as plain data (what a thunk rejects with). */
export interface AuthRefusal {
  code?: string;
  status: number;
  message: string;
}

export function refusalOf(error: unknown): AuthRefusal {
  if (error instanceof AuthError)
    return { status: error.status, message: error.message, ...(error.code ? { code: error.code } : {}) };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** Which field an auth refusal belongs to (or the form as a whole), and its translation key. */
export function securityErrorOf(error: AuthRefusal | undefined): { field?: string; key: string } {
  if (!error || (error.status === 0 && !error.code)) return { key: signInErrorKeys.generic };
  switch (error.code) {
    case 'INVALID_PASSWORD':
      return { field: 'currentPassword', key: securityErrorKeys.currentPasswordWrong };
    case 'PASSWORD_TOO_SHORT':
      return { field: 'newPassword', key: signInErrorKeys.passwordTooShort };
    case 'PASSWORD_TOO_LONG':
      return { field: 'newPassword', key: signInErrorKeys.passwordTooLong };
    case 'PASSWORD_TOO_WEAK':
      return { field: 'newPassword', key: signInErrorKeys.passwordTooWeak };
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return { key: securityErrorKeys.linkInvalid };
    case 'TOO_MANY_FAILED_SIGN_INS':
      return { key: securityErrorKeys.tooManyWrongPasswords };
    case 'EMAIL_FROM_PROVIDER':
      return { key: securityErrorKeys.emailFromProvider };
    case 'INVALID_EMAIL':
      return { field: 'newEmail', key: signInErrorKeys.emailInvalid };
    case 'NETWORK_ERROR':
      return { key: signInErrorKeys.network };
    default:
      if (error.message === 'Email is the same')
        return { field: 'newEmail', key: securityErrorKeys.sameEmail };
      return { key: error.status === 429 ? signInErrorKeys.tooManyRequests : signInErrorKeys.generic };
  }
}

/** Where the mailed confirmation of a new address lands (the profile says how it went). */
export const emailChangedCallback = '/my-bops/profile?email=changed';
