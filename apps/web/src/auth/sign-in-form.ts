/** Client-side checks of the local sign-in and create-account forms (docs/PRODUCT.md#validation wording, as translation keys). */

export type SignInFormMode = 'signIn' | 'createAccount';

export interface SignInFormValues {
  name: string;
  email: string;
  password: string;
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
  return errors;
}
