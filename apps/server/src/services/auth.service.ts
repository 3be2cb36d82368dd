import type { SignInMethods } from '@bops/shared/api/auth';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/create-auth.ts';
import { CLIENT_IP_HEADER, COOKIE_PREFIX } from '../auth/create-auth.ts';
import type { SessionCache, SessionOwner } from '../auth/session-cache.ts';
import type { Config } from '../config/config.ts';
import { unauthorized } from '../http/http-error.ts';
import type { SignInFailureRepository } from '../repositories/sign-in-failure.repository.ts';
import { passwordChangedMail } from '../mail/account-mail.ts';
import type { Mailer } from '../mail/mailer.ts';

export type SignedInUser = SessionOwner;

/** Turns Fastify request headers into Fetch headers, with the client address Fastify resolved. */
export function fetchHeadersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * The window for wrong passwords per account (SIGN_IN_ACCOUNT_LIMIT of them), whatever addresses they come
 * from. Past the limit, sign-in to that account waits for the window to end: the address limit alone is
 * lifted by anyone with many addresses.
 */
export const ACCOUNT_SIGN_IN_WINDOW_MS = 15 * 60_000;

/** Password-reset mails per account in that window; more asks are answered alike but send nothing. */
export const PASSWORD_RESET_MAILS_PER_WINDOW = 3;

/** What a request for a reset link is answered, whether the address has an account or not. */
const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

function jsonResponse(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The account a sign-in names, spelled as the auth library stores it. */
function accountOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
}

/** Whether the auth library refused the request for a wrong password (not for a malformed or weak one). */
async function isWrongPassword(path: string, response: Response): Promise<boolean> {
  if (path === '/api/auth/sign-in/email') return response.status === 401;
  if (response.status !== 400) return false;
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return answer?.code === 'INVALID_PASSWORD';
}

export class AuthService {
  readonly #auth: Auth;
  readonly #config: Config;
  readonly #sessions: SessionCache;
  readonly #failures: SignInFailureRepository;
  readonly #resetMails: SignInFailureRepository;
  readonly #mailer: Mailer;

  constructor(deps: {
    auth: Auth;
    config: Config;
    sessionCache: SessionCache;
    signInFailures: SignInFailureRepository;
    passwordResetMails: SignInFailureRepository;
    mailer: Mailer;
  }) {
    this.#auth = deps.auth;
    this.#config = deps.config;
    this.#sessions = deps.sessionCache;
    this.#failures = deps.signInFailures;
    this.#resetMails = deps.passwordResetMails;
    this.#mailer = deps.mailer;
  }

  signInMethods(): SignInMethods {
    return {
      emailPassword: this.#config.auth.localAccounts,
      providers: this.#config.auth.providers.map((provider) => ({ id: provider.id, name: provider.name })),
    };
  }

  /**
   * Answers a request under /api/auth/ (sign-up, sign-in, callbacks, sign-out, session, password and address
   * changes). `body` is the parsed JSON the request carries; the request's path is the one the router matched,
   * normalised. Wrong passwords count against the account whether they come from the sign-in form or the
   * password-change form (a stolen session must not guess its way to the password either).
   */
  async handle(request: Request, body?: unknown): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST') return this.#auth.handler(request);
    if (path === '/api/auth/request-password-reset') return this.#requestPasswordReset(request, body);
    let account: string | null = null;
    if (path === '/api/auth/sign-in/email') account = accountOf(body);
    else if (path === '/api/auth/change-password') {
      const session = await this.#auth.api.getSession({ headers: request.headers }).catch(() => null);
      account = session ? session.user.email.trim().toLowerCase() : null;
    }
    if (!account) return this.#auth.handler(request);
    const max = this.#config.auth.signInAccountLimit;
    const windowMs = ACCOUNT_SIGN_IN_WINDOW_MS;
    const now = Date.now();
    const attempt = await this.#failures.reserve(account, windowMs, now);
    if (attempt.count > max) {
      const retryAfter = Math.max(1, Math.ceil((attempt.windowStart + windowMs - now) / 1000));
      return jsonResponse(
        429,
        {
          code: 'TOO_MANY_FAILED_SIGN_INS',
          message: `Too many wrong passwords for this account. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        },
        { 'retry-after': String(retryAfter) },
      );
    }
    const response = await this.#auth.handler(request);
    if (response.ok) {
      await this.#failures.clear(account);
      if (path === '/api/auth/change-password') await this.#tellPasswordChanged(response);
    } else if (!(await isWrongPassword(path, response))) await this.#failures.release(account);
    return response;
  }

  /** A reset link is mailed at most a few times per account and window; past that the answer is the same. */
  async #requestPasswordReset(request: Request, body: unknown): Promise<Response> {
    const account = accountOf(body);
    if (account) {
      const mails = await this.#resetMails.reserve(account, ACCOUNT_SIGN_IN_WINDOW_MS);
      if (mails.count > PASSWORD_RESET_MAILS_PER_WINDOW) return jsonResponse(200, RESET_REQUESTED);
    }
    return this.#auth.handler(request);
  }

  async #tellPasswordChanged(response: Response): Promise<void> {
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { user?: { email?: string; name?: string } } | null;
    const to = answer?.user?.email;
    if (!to) return;
    await this.#mailer
      .send(passwordChangedMail({ to, name: answer.user?.name, publicUrl: this.#config.publicUrl }))
      .catch(() => undefined);
  }

  async currentUser(request: FastifyRequest): Promise<SignedInUser | null> {
    // Only the cookie is read on a hit; the full header copy is made for the library on a miss.
    const cookie = getSessionCookie(new Headers({ cookie: request.headers.cookie ?? '' }), {
      cookiePrefix: COOKIE_PREFIX,
    });
    if (!cookie) return null;
    const cached = this.#sessions.get(cookie);
    if (cached) return cached;
    const result = await this.#auth.api.getSession({ headers: fetchHeadersOf(request) });
    if (!result) return null;
    const user = { id: result.user.id, email: result.user.email, sessionId: result.session.id };
    this.#sessions.set(cookie, user, new Date(result.session.expiresAt));
    return user;
  }

  async requireUser(request: FastifyRequest): Promise<SignedInUser> {
    const user = await this.currentUser(request);
    if (!user) throw unauthorized();
    return user;
  }
}
