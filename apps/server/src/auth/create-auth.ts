import { randomUUID } from 'node:crypto';
import { signUpBody, TERMS_NOT_ACCEPTED } from '@bops/shared/api/auth';
import { cleanDisplayText, hasVisibleText } from '@bops/shared/api/display-text';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bops/shared/password-strength';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema.ts';
import {
  confirmNewEmailMail,
  EMAIL_CHANGE_LINK_SECONDS,
  emailChangeRequestedMail,
  PASSWORD_RESET_LINK_SECONDS,
  passwordChangedMail,
  passwordResetMail,
} from '../mail/account-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { SignInFailureRepository } from '../repositories/sign-in-failure.repository.ts';
import { UserRepository } from '../repositories/user.repository.ts';
import type { SessionCache } from './session-cache.ts';
import { isProviderFlow, keyAccountsOnSubject, runAuthRequest } from './subject-keyed-accounts.ts';

/** Header carrying the client address Fastify resolved; anything a client sends under it is replaced. */
export const CLIENT_IP_HEADER = 'x-bops-client-ip';

/**
 * Auth endpoints that take a password, a token or an address, each limited to SIGN_IN_RATE_LIMIT requests a
 * minute per client address (better-auth keys its limits on the address Fastify resolved, CLIENT_IP_HEADER).
 */
export const SIGN_IN_LIMITED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/social',
  '/callback/*',
  '/change-password',
  '/change-email',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/*',
  '/verify-email',
] as const;

/** Session cookies are named `bops.session_token` (`__Secure-` in front on https). */
export const COOKIE_PREFIX = 'bops';

/**
 * An account name as kept: cleaned as every name is (no controls or reordering characters; one that shows
 * nothing is empty), at most 100 characters (every session answer carries it), whatever the sign-up form
 * or a provider's profile sent.
 */
export function accountName(value: unknown): string {
  const name = [...cleanDisplayText(String(value ?? ''))].slice(0, 100).join('');
  return hasVisibleText(name) ? name : '';
}

/**
 * Sign-in for Bops: local e-mail + password accounts and OpenID Connect providers (Google included,
 * configured through the same generic path as any other provider). Accounts are keyed on
 * (provider, subject); an e-mail address alone never links two accounts.
 */
export function createAuth(options: {
  config: Config;
  db: Database;
  secret: string;
  logger: FastifyBaseLogger;
  /** Password-reset and address-change links go out through it (SMTP or the outbox). */
  mailer: Mailer;
  /** Told about every ended session, so it stops answering for it. */
  sessionCache?: SessionCache;
}) {
  const { config, db, mailer } = options;
  const https = config.publicUrl.startsWith('https:');
  const signInRule = { window: 60, max: config.auth.signInRateLimit };
  const signInFailures = new SignInFailureRepository(db);
  const accountRows = new UserRepository(db);
  // A mail that cannot be sent is logged; the person sees the same answer either way (no account is revealed).
  const send = async (mail: Parameters<Mailer['send']>[0], what: string): Promise<void> => {
    await mailer
      .send(mail)
      .catch((error: unknown) => options.logger.warn({ err: error }, `could not send the ${what}`));
  };
  const auth = betterAuth({
    appName: 'Bops',
    logger: {
      log: (level, message, ...args) =>
        options.logger[level]({ detail: args.length ? args : undefined }, `auth: ${message}`),
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    // Without PUBLIC_URL, the address a page was opened at is ours too (the same rule as http/same-origin.ts);
    // the request's URL is built from the Host the socket (or a trusted proxy) gave.
    trustedOrigins: config.publicUrlSet
      ? [new URL(config.publicUrl).origin]
      : (request) => [new URL(config.publicUrl).origin, request ? new URL(request.url).origin : null],
    database: keyAccountsOnSubject(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: {
          user: users,
          session: sessions,
          account: accounts,
          verification: verifications,
          rateLimit: rateLimits,
        },
      }),
    ),
    emailAndPassword: {
      enabled: config.auth.localAccounts,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      // The auth library makes, stores and spends the token (single use, an hour); the link leads to our page.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) =>
        send(
          passwordResetMail({
            to: user.email,
            name: (user as { displayName?: string }).displayName || user.name,
            publicUrl: config.publicUrl,
            token,
          }),
          'password-reset e-mail',
        ),
      onPasswordReset: async ({ user }) => {
        // Whoever reads the account's mail may sign in again at once, whatever wrong passwords came before.
        await signInFailures.clear(user.email.trim().toLowerCase());
        await send(
          passwordChangedMail({ to: user.email, name: user.name, publicUrl: config.publicUrl }),
          'password-changed e-mail',
        );
      },
    },
    // Used only to confirm a new address (sign-up sends no verification mail; that endpoint is closed below).
    emailVerification: {
      expiresIn: EMAIL_CHANGE_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        const current = await accountRows.findById(user.id);
        const name = current?.displayName || user.name;
        await send(confirmNewEmailMail({ to: user.email, name, link: url }), 'new-address e-mail');
        if (current && current.email.toLowerCase() !== user.email.toLowerCase()) {
          await send(
            emailChangeRequestedMail({
              to: current.email,
              name,
              newEmail: user.email,
              publicUrl: config.publicUrl,
            }),
            'address-change notice',
          );
        }
      },
    },
    user: {
      // A new address is used only once a link mailed to it is opened (see emailVerification).
      changeEmail: { enabled: config.auth.localAccounts },
      // Set from the name at sign-up; clients cannot choose it through the auth endpoints.
      additionalFields: {
        displayName: { type: 'string', required: false, input: false, defaultValue: '' },
        localEmail: { type: 'string', required: false, input: false, returned: false },
      },
    },
    account: { accountLinking: { enabled: false } },
    hooks: { before: accountRules },
    session: { expiresIn: 30 * 24 * 3600, updateAge: 24 * 3600 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 600,
      customRules: Object.fromEntries(SIGN_IN_LIMITED_PATHS.map((path) => [path, signInRule])),
    },
    advanced: {
      // The auth library turns its origin and callback-URL checks off by itself when NODE_ENV is
      // "test" or TEST is set; Bops keeps them on whatever the environment says.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: https,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          // A new account starts with its display name from the sign-up form or the provider's profile.
          // A local account also claims its lower-cased address, which the database keeps unique.
          before: async (user) => {
            const name = accountName(user.name);
            return {
              data: {
                ...user,
                name,
                displayName: name,
                localEmail: isProviderFlow() ? null : String(user.email).trim().toLowerCase(),
              },
            };
          },
        },
        update: {
          // A confirmed new address of a local account (only those may change it) is claimed as at sign-up.
          before: async (user) => ({
            data: {
              ...user,
              ...('name' in user ? { name: accountName(user.name) } : {}),
              ...(typeof user.email === 'string' && !isProviderFlow()
                ? { localEmail: user.email.trim().toLowerCase() }
                : {}),
            },
          }),
        },
      },
      session: {
        create: {
          // A terminated account (three accepted takedown notices) cannot sign in again.
          before: async (session) => {
            const owner = await accountRows.findById(session.userId);
            return owner?.status === 'terminated' ? false : { data: session };
          },
        },
        delete: {
          after: async (session) => options.sessionCache?.forgetSession(session.id),
        },
      },
    },
    plugins:
      config.auth.providers.length > 0
        ? [
            genericOAuth({
              config: config.auth.providers.map((provider) => ({
                providerId: provider.id,
                name: provider.name,
                discoveryUrl: provider.discoveryUrl,
                clientId: provider.clientId,
                clientSecret: provider.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // The account chooser is always shown (docs/PRODUCT.md#states), so a shared computer never signs in the wrong person.
                prompt: 'select_account' as const,
                requireIdTokenVerification: true,
              })),
            }),
          ]
        : [],
  });
  const handler = auth.handler;
  return Object.assign(auth, {
    handler: (request: Request) => runAuthRequest(request, () => handler(request)),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The endpoints that set a local password, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Every new password passes the shared rule (`@bops/shared/password-strength`, the one the create-account
 * form applies): long enough and hard to guess, its owner's name and address counting against it.
 */
function refuseWeakPassword(path: string, body: Record<string, unknown>): void {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? body[field] : undefined;
  if (typeof password !== 'string') return;
  const context = [body.name, body.email].filter((value): value is string => typeof value === 'string');
  const verdict = checkPassword(password, context);
  if (verdict.problem !== 'tooWeak') return;
  throw new APIError('BAD_REQUEST', {
    code: 'PASSWORD_TOO_WEAK',
    message: `This password is too easy to guess. ${verdict.advice}`,
  });
}

/**
 * A local account is made only by someone who said they are 18 or older and agree to the Terms and Conditions
 * (the create-account form's box, sent as `acceptedTerms: true`); a provider's sign-in does not pass here.
 */
function refuseUnacceptedTerms(path: string, body: Record<string, unknown>): void {
  if (path !== '/sign-up/email') return;
  if (signUpBody.shape.acceptedTerms.safeParse(body.acceptedTerms).success) return;
  throw new APIError('BAD_REQUEST', { ...TERMS_NOT_ACCEPTED });
}

/**
 * Bops' rules on top of the auth library's account endpoints: the terms accepted at sign-up; strong new passwords; a password change
 * always ends the person's other sessions; only an account with a password changes its address (a
 * provider's account has the provider's); and no verification mail on demand (addresses are confirmed
 * only when they change, by the mail that change sends).
 */
const accountRules = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  refuseUnacceptedTerms(ctx.path, body);
  refuseWeakPassword(ctx.path, body);
  if (ctx.path === '/send-verification-email') {
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
  }
  if (ctx.path === '/change-password') {
    return { context: { body: { ...body, revokeOtherSessions: true } } };
  }
  if (ctx.path === '/change-email') {
    const session = await getSessionFromCtx(ctx);
    if (!session) return;
    const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
    if (!credential?.password) {
      throw new APIError('BAD_REQUEST', {
        code: 'EMAIL_FROM_PROVIDER',
        message: 'This account signs in through a provider; its e-mail address is changed there.',
      });
    }
  }
});
