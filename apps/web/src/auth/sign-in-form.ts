/** Client-side checks of the local sign-in and create-account forms (docs/PRODUCT.md#validation wording, as translation keys). */

export type SignInFormMode = 'signIn' | 'createAccount';

export interface SignInFormValues {
  name: string;
  email: string;
  password: string;
  /** Create account only: "I am 18 or older and agree to the Terms and Conditions" (docs/PRODUCT.md#validation). */
  terms: boolean;
}

export type SignInFormErrors = Partial<Record<keyof SignInFormValues, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

export function validateSignInForm(values: SignInFormValues, mode: SignInFormMode): SignInFormErrors {
  const errors: SignInFormErrors = {};
  if (mode === 'createAccount' && values.name.trim() === '') errors.name = 'validation.required';
  if (values.email.trim() === '') errors.email = 'validation.required';
  else if (!isValidEmail(values.email)) errors.email = 'validation.emailInvalid';
  if (values.password === '') errors.password = 'validation.required';
  if (mode === 'createAccount' && !values.terms) errors.terms = 'legal.confirmAgeAndTermsRequired';
  return errors;
}

const passwordProblemKeys = {
  tooShort: 'signIn.errors.passwordTooShort',
  tooLong: 'signIn.errors.passwordTooLong',
  tooWeak: 'signIn.errors.passwordTooWeak',
} as const;

/** The password rule itself, loaded only by the create-account form (its word lists are large). */
export function loadPasswordRule() {
  return import('@bops/shared/password-strength');
}

/**
 * The create-account form's password check: the server's own rule (`@bops/shared/password-strength`),
 * with the name and address typed counting against the password. Answers a translation key or nothing.
 */
export async function newPasswordErrorKey(values: SignInFormValues): Promise<string | undefined> {
  const { checkPassword } = await loadPasswordRule();
  const { problem } = checkPassword(values.password, [values.name.trim(), values.email.trim()]);
  return problem ? passwordProblemKeys[problem] : undefined;
}
