import { z } from 'zod';

/** `GET /api/sign-in/methods`: how people may sign in here (local accounts, OpenID Connect providers). */
export const signInMethodsSchema = z.object({
  emailPassword: z.boolean(),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
export type SignInProvider = SignInMethods['providers'][number];

/*
 * The account endpoints below answer through the sign-in library under `/api/auth/` (its own answers, no
 * envelope); these are the bodies Bops sends them.
 */

/**
 * `POST /api/auth/sign-up/email`: a local account. `acceptedTerms` is the create-account form's "I am 18 or
 * older and agree to the Terms and Conditions" (docs/PRODUCT.md#validation); a sign-up without it is refused
 * with TERMS_NOT_ACCEPTED. Sign-in through a provider asks nothing of the kind.
 */
export const signUpBody = z.object({
  name: z.string().min(1),
  email: z.email(),
  password: z.string().min(1),
  acceptedTerms: z.literal(true),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** The refusal of a sign-up that did not accept the terms (status 400). */
export const TERMS_NOT_ACCEPTED = {
  code: 'TERMS_NOT_ACCEPTED',
  message: 'Please confirm that you are 18 or older and agree to the Terms and Conditions.',
} as const;

/** `POST /api/auth/change-password`: ends every other session of the person (the server insists). */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1),
  newPassword: z.string().min(1),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `POST /api/auth/request-password-reset`: mails a single-use link to `/reset-password?token=…` (an hour). */
export const requestPasswordResetBody = z.object({ email: z.email() });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBody>;

/** `POST /api/auth/reset-password`: spends the token, sets the password, ends every session. */
export const resetPasswordBody = z.object({ token: z.string().min(1), newPassword: z.string().min(1) });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** `POST /api/auth/change-email`: mails a confirmation link to the new address; `callbackURL` is where it lands. */
export const changeEmailBody = z.object({ newEmail: z.email(), callbackURL: z.string().startsWith('/') });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
