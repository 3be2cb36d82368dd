/**
 * The session endpoints under /api/auth. They answer the auth library's own JSON (no envelope), so they live
 * outside RTK Query. Relative URLs only: the cookie is httpOnly and the server checks Origin on every POST.
 */

import type {
  ChangeEmailBody,
  ChangePasswordBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
  SignUpBody,
} from '@bops/shared/api/auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Session {
  session: { id: string; userId: string; expiresAt: string };
  user: SessionUser;
}

/** A failed auth call; `code` is the auth server's error code (e.g. INVALID_EMAIL_OR_PASSWORD) when it sent one. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
  }
}

export interface OAuthSignInRequest {
  providerId: string;
  callbackURL: string;
  errorCallbackURL: string;
  disableRedirect?: boolean;
}

export interface AuthApi {
  getSession(): Promise<Session | null>;
  signInEmail(body: { email: string; password: string }): Promise<void>;
  signUpEmail(body: SignUpBody): Promise<void>;
  /** Starts an OAuth/OIDC sign-in and answers the provider URL to go to. */
  signInOAuth2(body: OAuthSignInRequest): Promise<{ url: string }>;
  signOut(): Promise<void>;
  /** The ways this account signs in (`credential` is a password); provider accounts have no password to change. */
  listSignInKinds(): Promise<string[]>;
  /** Sets a new password; every other session of the account ends. */
  changePassword(body: ChangePasswordBody): Promise<void>;
  requestPasswordReset(body: RequestPasswordResetBody): Promise<void>;
  resetPassword(body: ResetPasswordBody): Promise<void>;
  /** Mails a confirmation link to the new address; the address changes when it is opened. */
  changeEmail(body: ChangeEmailBody): Promise<void>;
}

async function call(fetchFn: typeof fetch, path: string, init?: { body: unknown }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(`/api/auth/${path}`, {
      method: init ? 'POST' : 'GET',
      headers: init
        ? { 'content-type': 'application/json', accept: 'application/json' }
        : { accept: 'application/json' },
      body: init ? JSON.stringify(init.body) : undefined,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new AuthError(cause instanceof Error ? cause.message : String(cause), 0, 'NETWORK_ERROR');
  }
  const text = await response.text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const record = (typeof body === 'object' && body !== null ? body : {}) as {
      code?: unknown;
      message?: unknown;
    };
    throw new AuthError(
      typeof record.message === 'string' ? record.message : `Error status: ${response.status}`,
      response.status,
      typeof record.code === 'string' ? record.code : undefined,
    );
  }
  return body;
}

export function createAuthApi(
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
): AuthApi {
  return {
    async getSession() {
      const body = (await call(fetchFn, 'get-session')) as Session | null;
      return body && typeof body === 'object' && body.user ? body : null;
    },
    async signInEmail(body) {
      await call(fetchFn, 'sign-in/email', { body });
    },
    async signUpEmail(body) {
      await call(fetchFn, 'sign-up/email', { body });
    },
    async signInOAuth2(body) {
      // Every OpenID provider (Google included) starts through the social sign-in endpoint.
      const { providerId, ...rest } = body;
      const answer = (await call(fetchFn, 'sign-in/social', { body: { provider: providerId, ...rest } })) as {
        url?: unknown;
      } | null;
      if (!answer || typeof answer.url !== 'string')
        throw new AuthError('The sign-in provider gave no address.', 500);
      return { url: answer.url };
    },
    async signOut() {
      await call(fetchFn, 'sign-out', { body: {} });
    },
    async listSignInKinds() {
      const accounts = await call(fetchFn, 'list-accounts');
      return Array.isArray(accounts)
        ? accounts.map((account) => String((account as { providerId?: unknown }).providerId))
        : [];
    },
    async changePassword(body) {
      await call(fetchFn, 'change-password', { body });
    },
    async requestPasswordReset(body) {
      await call(fetchFn, 'request-password-reset', { body });
    },
    async resetPassword(body) {
      await call(fetchFn, 'reset-password', { body });
    },
    async changeEmail(body) {
      await call(fetchFn, 'change-email', { body });
    },
  };
}
