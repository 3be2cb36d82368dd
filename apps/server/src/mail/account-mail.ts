import type { Mail } from './mailer.ts';

/** How long a mailed password-reset link works. */
export const PASSWORD_RESET_LINK_SECONDS = 3600;
/** How long a mailed link confirming a new e-mail address works. */
export const EMAIL_CHANGE_LINK_SECONDS = 24 * 3600;

/** The web app's page that takes a reset token and asks for the new password. */
export const RESET_PASSWORD_PAGE = '/reset-password';

function greeting(name: string | null | undefined): string {
  return `Hi ${name?.trim() || 'there'},`;
}

/** The mail with a single-use link to choose a new password. */
export function passwordResetMail(options: {
  to: string;
  name: string | null | undefined;
  publicUrl: string;
  token: string;
}): Mail {
  const link = `${options.publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(options.token)}`;
  return {
    to: options.to,
    subject: 'Reset your Bops password',
    text:
      `${greeting(options.name)}\n\nSomeone (we hope you) asked to reset the password of your Bops account. ` +
      `Choose a new one here within the next hour:\n${link}\n\n` +
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n\nBops',
  };
}

/** The mail to the new address, whose link makes it the account's address. */
export function confirmNewEmailMail(options: {
  to: string;
  name: string | null | undefined;
  link: string;
}): Mail {
  return {
    to: options.to,
    subject: 'Confirm your new Bops e-mail address',
    text:
      `${greeting(options.name)}\n\nYou asked to sign in to Bops with this address from now on. ` +
      `Confirm it within 24 hours:\n${options.link}\n\n` +
      'Until you do, your account keeps its old address. If you did not ask for this, ignore this mail.\n\nBops',
  };
}

/** The mail to the old address, so a change someone else started does not go unnoticed. */
export function emailChangeRequestedMail(options: {
  to: string;
  name: string | null | undefined;
  newEmail: string;
  publicUrl: string;
}): Mail {
  return {
    to: options.to,
    subject: 'Your Bops e-mail address is being changed',
    text:
      `${greeting(options.name)}\n\nSomeone signed in to your Bops account asked to change its address to ` +
      `${options.newEmail}. It changes only once that address confirms.\n\n` +
      `If this was not you, change your password now; that signs out every other device:\n` +
      `${options.publicUrl}/my-bops/profile\n\nBops`,
  };
}

/** The mail after a password change or reset, to the account's address. */
export function passwordChangedMail(options: {
  to: string;
  name: string | null | undefined;
  publicUrl: string;
}): Mail {
  return {
    to: options.to,
    subject: 'Your Bops password was changed',
    text:
      `${greeting(options.name)}\n\nThe password of your Bops account was just changed, and every other ` +
      `device was signed out. If this was not you, reset your password:\n` +
      `${options.publicUrl}/sign-in?forgot=1\n\nBops`,
  };
}
