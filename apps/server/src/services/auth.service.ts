import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/create-auth.ts';
import { CLIENT_IP_HEADER } from '../auth/create-auth.ts';
import type { Config } from '../config/config.ts';
import { unauthorized } from '../http/http-error.ts';

export interface SignedInUser {
  id: string;
  email: string;
  sessionId: string;
}

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

  constructor(deps: { auth: Auth; config: Config }) {
    this.#auth = deps.auth;
    this.#config = deps.config;
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
    const result = await this.#auth.api.getSession({ headers: fetchHeadersOf(request) });
    if (!result) return null;
    return { id: result.user.id, email: result.user.email, sessionId: result.session.id };
  }

  async requireUser(request: FastifyRequest): Promise<SignedInUser> {
    const user = await this.currentUser(request);
    if (!user) throw unauthorized();
    return user;
  }
}
