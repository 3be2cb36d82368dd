import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/create-auth.ts';
import { CLIENT_IP_HEADER, COOKIE_PREFIX } from '../auth/create-auth.ts';
import type { SessionCache, SessionOwner } from '../auth/session-cache.ts';
import type { Config } from '../config/config.ts';
import { unauthorized } from '../http/http-error.ts';

export type SignedInUser = SessionOwner;

export interface SignInMethods {
  emailPassword: boolean;
  providers: Array<{ id: string; name: string }>;
}

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

export class AuthService {
  readonly #auth: Auth;
  readonly #config: Config;
  readonly #sessions: SessionCache;

  constructor(deps: { auth: Auth; config: Config; sessionCache: SessionCache }) {
    this.#auth = deps.auth;
    this.#config = deps.config;
    this.#sessions = deps.sessionCache;
  }

  signInMethods(): SignInMethods {
    return {
      emailPassword: this.#config.auth.localAccounts,
      providers: this.#config.auth.providers.map((provider) => ({ id: provider.id, name: provider.name })),
    };
  }

  /** Answers a request under /api/auth/ (sign-up, sign-in, callbacks, sign-out, session). */
  async handle(request: Request): Promise<Response> {
    return this.#auth.handler(request);
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
