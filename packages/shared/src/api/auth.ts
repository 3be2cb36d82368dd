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
