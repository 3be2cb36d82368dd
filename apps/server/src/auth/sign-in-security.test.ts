import { eq, like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import { BrowserSession } from '../test/browser-session.ts';
import { cookieHeaderFrom } from '../test/factories.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../test/local-identity-provider.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

/** Bops as deployed behind TLS; the app answers through inject, so no certificate is needed. */
const PUBLIC_URL = 'https://bops.example';
const SESSION_COOKIE = '__Secure-bops.session_token';

function setCookiesOf(response: LightMyRequestResponse): string[] {
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []);
}

function cookieNamed(setCookies: string[], name: string): string | undefined {
  return setCookies.find((line) => line.startsWith(`${name}=`));
}

/** Every attribute a cookie set under https must carry. */
function expectHardened(line: string): void {
  const attributes = line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  expect(attributes, line).toContain('secure');
  expect(attributes, line).toContain('httponly');
  expect(attributes, line).toContain('samesite=lax');
  expect(attributes, line).toContain('path=/');
  expect(line, line).toMatch(/^__Secure-/);
}

/**
 * The sign-in security rules of the "Sign-in, profile and the app shell" issue, with local accounts
 * and an OpenID Connect provider (a real one on loopback) side by side, as deployed under https.
 */
describe.each(testDatabaseKinds)('sign-in security on %s', (kind) => {
  let idp: LocalIdentityProvider;
  let runtime: TestRuntime;
  let address = 0;

  beforeAll(async () => {
    idp = await startLocalIdentityProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/oidc`] });
    runtime = await startTestRuntime(kind, {
      env: {
        PUBLIC_URL,
        LOCAL_ACCOUNTS: 'true',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        SIGN_IN_RATE_LIMIT: '1000',
      },
    });
  });

  afterAll(async () => {
    await runtime?.destroy();
    await idp?.close();
  });

  /** A request from our own pages, each from its own client address. */
  const inject = (options: InjectOptions) =>
    runtime.app!.inject({
      remoteAddress: `203.0.113.${1 + (address++ % 250)}`,
      ...options,
      headers: { origin: PUBLIC_URL, ...options.headers },
    });

  const postJson = (url: string, payload: object, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  async function signUp(email: string, password = 'correct horse battery') {
    const response = await postJson('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Local Person',
      acceptedTerms: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { response, id: (response.json() as { user: { id: string } }).user.id };
  }

  async function whoIs(cookie: string): Promise<string | null> {
    const response = await inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    return (response.json() as { user: { id: string } } | null)?.user.id ?? null;
  }

  /**
   * Starts an OpenID Connect sign-in at Bops, completes the provider's login and consent as `login`
   * (whose ID token says `<login>@example.test`, verified), and returns Bops' callback request.
   */
  async function signInAtProvider(login: string) {
    const start = await postJson('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/my-bops' });
    expect(start.statusCode, start.body).toBe(200);
    const startCookies = setCookiesOf(start);
    const browser = new BrowserSession();
    const isCallback = (location: string) => location.startsWith(`${PUBLIC_URL}/api/auth/callback/`);
    const callback = new URL(
      await browser.passProviderPages((start.json() as { url: string }).url, login, isCallback),
    );
    return { startCookies, callbackPath: `${callback.pathname}${callback.search}` };
  }

  /** The browser arriving back at Bops' callback with the cookies the sign-in start set. */
  const arriveAtCallback = (flow: { startCookies: string[]; callbackPath: string }) =>
    inject({
      method: 'GET',
      url: flow.callbackPath,
      headers: { cookie: cookieHeaderFrom(flow.startCookies) },
    });

  async function signInWithProvider(login: string) {
    const callback = await arriveAtCallback(await signInAtProvider(login));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/my-bops');
    const cookie = cookieHeaderFrom(setCookiesOf(callback));
    const id = await whoIs(cookie);
    expect(id).toBeTruthy();
    return { callback, cookie, id: id! };
  }

  describe('accounts are keyed on (provider, subject), never on the e-mail address', () => {
    it('keeps a local account and a provider sign-in with the same verified address apart', async () => {
      const local = await signUp('dana@example.test');

      const first = await signInWithProvider('dana');
      expect(first.id).not.toBe(local.id);
      const again = await signInWithProvider('dana');
      expect(again.id).toBe(first.id);

      // The local account still signs in with its password, as itself.
      const signIn = await postJson('/api/auth/sign-in/email', {
        email: 'dana@example.test',
        password: 'correct horse battery',
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(await whoIs(cookieHeaderFrom(setCookiesOf(signIn)))).toBe(local.id);

      // Both accounts carry the same address, the provider's one verified.
      const people = await runtime.database.db
        .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, 'dana@example.test'));
      expect(people).toHaveLength(2);
      expect(people.find((person) => person.id === first.id)?.emailVerified).toBe(true);

      // Neither account gained the other's way in.
      const rows = await runtime.database.db
        .select({ userId: accounts.userId, providerId: accounts.providerId })
        .from(accounts);
      expect(rows.filter((row) => row.userId === local.id).map((row) => row.providerId)).toEqual([
        'credential',
      ]);
      expect(rows.filter((row) => row.userId === first.id).map((row) => row.providerId)).toEqual(['oidc']);
    });

    it('lets a local account be made with the address of an existing provider account, kept apart', async () => {
      const provider = await signInWithProvider('ora');
      const local = await signUp('ora@example.test');
      expect(local.id).not.toBe(provider.id);
      expect((await signInWithProvider('ora')).id).toBe(provider.id);
      const signIn = await postJson('/api/auth/sign-in/email', {
        email: 'ora@example.test',
        password: 'correct horse battery',
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(await whoIs(cookieHeaderFrom(setCookiesOf(signIn)))).toBe(local.id);
    });
  });

  describe('session cookies under https', () => {
    it('are Secure, HttpOnly, SameSite=Lax, Path=/ and __Secure- at sign-up, sign-in and sign-out', async () => {
      const { response: signUpResponse } = await signUp('cookie@example.test');
      const signUpCookies = setCookiesOf(signUpResponse);
      expect(cookieNamed(signUpCookies, SESSION_COOKIE)).toBeTruthy();
      signUpCookies.forEach(expectHardened);

      const signIn = await postJson('/api/auth/sign-in/email', {
        email: 'cookie@example.test',
        password: 'correct horse battery',
      });
      expect(signIn.statusCode).toBe(200);
      const signInCookies = setCookiesOf(signIn);
      expect(cookieNamed(signInCookies, SESSION_COOKIE)).toBeTruthy();
      signInCookies.forEach(expectHardened);
      const cookie = cookieHeaderFrom(signInCookies);

      // The __Secure- cookie is the one the API reads.
      const profile = await inject({ method: 'GET', url: '/api/user/bops_profile', headers: { cookie } });
      expect(profile.statusCode).toBe(200);

      const signOut = await postJson('/api/auth/sign-out', {}, { cookie });
      expect(signOut.statusCode).toBe(200);
      const signOutCookies = setCookiesOf(signOut);
      const expired = cookieNamed(signOutCookies, SESSION_COOKIE);
      expect(expired).toBeTruthy();
      // A browser only accepts the deletion of a __Secure- cookie when it is itself Secure.
      expectHardened(expired!);
      expect(expired).toMatch(/max-age=0/i);
      expect(expired!.split(';')[0]).toBe(`${SESSION_COOKIE}=`);
      signOutCookies.forEach(expectHardened);

      const after = await inject({ method: 'GET', url: '/api/user/bops_profile', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });

    it('are hardened on every step of a provider sign-in', async () => {
      const flow = await signInAtProvider('cora');
      expect(flow.startCookies.length).toBeGreaterThan(0);
      flow.startCookies.forEach(expectHardened);
      const callback = await arriveAtCallback(flow);
      expect(callback.statusCode).toBe(302);
      const callbackCookies = setCookiesOf(callback);
      expect(cookieNamed(callbackCookies, SESSION_COOKIE)).toBeTruthy();
      callbackCookies.forEach(expectHardened);
    });
  });

  describe('open redirects', () => {
    const elsewhere = ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example'];

    function expectRefusedRedirect(response: LightMyRequestResponse, target: string) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ message: expect.stringMatching(/invalid .*url/i) });
      expect(response.headers.location).toBeUndefined();
      expect(response.body).not.toContain('evil.example');
      expect(response.body).not.toContain(target);
      expect(setCookiesOf(response)).toEqual([]);
    }

    it.each(elsewhere)('a provider sign-in refuses callbackURL %s', async (target) => {
      expectRefusedRedirect(
        await postJson('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: target }),
        target,
      );
    });

    it.each(elsewhere)(
      'a provider sign-in refuses errorCallbackURL and newUserCallbackURL %s',
      async (target) => {
        for (const field of ['errorCallbackURL', 'newUserCallbackURL']) {
          expectRefusedRedirect(
            await postJson('/api/auth/sign-in/social', {
              provider: 'oidc',
              callbackURL: '/',
              [field]: target,
            }),
            target,
          );
        }
      },
    );

    it.each(elsewhere)('an e-mail sign-in and sign-up refuse callbackURL %s', async (target) => {
      await signUp(`redirect-${address}@example.test`).then(async ({ response }) => {
        const email = (response.json() as { user: { email: string } }).user.email;
        expectRefusedRedirect(
          await postJson('/api/auth/sign-in/email', {
            email,
            password: 'correct horse battery',
            callbackURL: target,
          }),
          target,
        );
      });
      expectRefusedRedirect(
        await postJson('/api/auth/sign-up/email', {
          email: `redirect-new-${address}@example.test`,
          password: 'correct horse battery',
          name: 'Someone',
          acceptedTerms: true,
          callbackURL: target,
        }),
        target,
      );
    });

    it('accepts a path or an address on Bops itself', async () => {
      for (const callbackURL of ['/my-bops', `${PUBLIC_URL}/playlist/abc`]) {
        const start = await postJson('/api/auth/sign-in/social', { provider: 'oidc', callbackURL });
        expect(start.statusCode, start.body).toBe(200);
        expect(new URL((start.json() as { url: string }).url).origin).toBe(idp.issuer);
      }
    });

    it('lands a provider sign-in on the same-origin path it was asked for', async () => {
      const { callback } = await signInWithProvider('lou');
      expect(callback.headers.location).toBe('/my-bops');
    });
  });

  describe('PKCE', () => {
    it('refuses a callback whose stored code verifier is gone, and creates no session', async () => {
      const flow = await signInAtProvider('pia');
      const stored = await runtime.database.db
        .select({ id: verifications.id })
        .from(verifications)
        .where(like(verifications.value, '%codeVerifier%'));
      expect(stored.length).toBeGreaterThan(0);
      for (const row of stored)
        await runtime.database.db.delete(verifications).where(eq(verifications.id, row.id));
      const sessionsBefore = await runtime.database.db.$count(sessions);

      const callback = await arriveAtCallback(flow);
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toMatch(/[?&]error=/);
      expect(callback.headers.location).not.toBe('/my-bops');
      expect(cookieNamed(setCookiesOf(callback), SESSION_COOKIE)).toBeUndefined();
      expect(await runtime.database.db.$count(sessions)).toBe(sessionsBefore);
    });
  });
});
