import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const TEST_ORIGIN = 'http://localhost:8080';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** The Cookie header that signs requests in as this user. */
  cookie: string;
}

/** Joins the name=value parts of Set-Cookie headers into one Cookie header. */
export function cookieHeaderFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Creates a local account through the real sign-up endpoint and returns it signed in. */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<Pick<TestUser, 'email' | 'password' | 'name'>> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.test`;
  const password = overrides.password ?? 'correct horse battery';
  const name = overrides.name ?? 'Test Person';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password, name, acceptedTerms: true },
    // Each test account signs up from its own address, so the sign-in rate limit sees separate people.
    remoteAddress: `198.51.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return {
    id: body.user.id,
    email,
    password,
    name,
    cookie: cookieHeaderFrom(response.headers['set-cookie']),
  };
}

/** Headers for a same-origin API call as this user. */
export function as(
  user: Pick<TestUser, 'cookie'>,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { cookie: user.cookie, origin: TEST_ORIGIN, ...extra };
}
