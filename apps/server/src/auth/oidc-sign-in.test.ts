import { eq, like } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../db/schema.ts';
import { BrowserSession } from '../test/browser-session.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../test/local-identity-provider.ts';
import { freePort } from '../test/spawn-bops.ts';
import { startTestRuntime, type TestRuntime } from '../test/test-runtime.ts';

/**
 * Sign-in through OpenID Connect against a real provider on loopback. Google is configured through
 * this same generic path in production, so these tests run the code Google sign-in uses.
 */
describe('OpenID Connect sign-in', () => {
  let idp: LocalIdentityProvider;
  let runtime: TestRuntime;
  let bops: string;

  beforeAll(async () => {
    const port = freePort();
    bops = `http://127.0.0.1:${port}`;
    idp = await startLocalIdentityProvider({ redirectUris: [`${bops}/api/auth/callback/oidc`] });
    runtime = await startTestRuntime('pglite', {
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: bops,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_NAME: 'Test identity provider',
        SIGN_IN_RATE_LIMIT: '1000',
      },
      start: { listen: true },
    });
  });

  afterAll(async () => {
    await runtime?.destroy();
    await idp?.close();
  });

  /** Starts a sign-in and completes the provider's login and consent; returns Bops' callback URL. */
  async function signInAtProvider(
    browser: BrowserSession,
    login = 'dana',
  ): Promise<{ authorizeUrl: URL; callbackUrl: string }> {
    const start = await browser.request(`${bops}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bops },
      body: JSON.stringify({ provider: 'oidc', callbackURL: '/my-bops' }),
    });
    expect(start.status).toBe(200);
    const authorizeUrl = new URL(((await start.json()) as { url: string }).url);
    const isCallback = (location: string) => location.startsWith(`${bops}/api/auth/callback/`);
    return {
      authorizeUrl,
      callbackUrl: await browser.passProviderPages(authorizeUrl.href, login, isCallback),
    };
  }

  async function sessionOf(browser: BrowserSession): Promise<{ user: { email: string } } | null> {
    const response = await browser.request(`${bops}/api/auth/get-session`);
    return (await response.json()) as { user: { email: string } } | null;
  }

  it('offers the provider as a sign-in method, with local accounts off', async () => {
    const response = await fetch(`${bops}/api/sign-in/methods`);
    expect(((await response.json()) as { data: unknown }).data).toEqual({
      emailPassword: false,
      providers: [{ id: 'oidc', name: 'Test identity provider' }],
    });
  });

  it('signs in with code + PKCE, forcing the account chooser, and lands where asked', async () => {
    const browser = new BrowserSession();
    const { authorizeUrl, callbackUrl } = await signInAtProvider(browser, 'dana');
    expect(authorizeUrl.origin).toBe(idp.issuer);
    expect(authorizeUrl.searchParams.get('prompt')).toBe('select_account');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email']),
    );

    const callback = await browser.request(callbackUrl);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/my-bops');
    expect((await sessionOf(browser))?.user.email).toBe('dana@example.test');
  });

  it('keys accounts on the provider subject: the same person signs in to the same account', async () => {
    const first = new BrowserSession();
    await first.request((await signInAtProvider(first, 'eli')).callbackUrl);
    const second = new BrowserSession();
    await second.request((await signInAtProvider(second, 'eli')).callbackUrl);
    const a = (await (await first.request(`${bops}/api/user/bops_profile`)).json()) as {
      data: { id: string };
    };
    const b = (await (await second.request(`${bops}/api/user/bops_profile`)).json()) as {
      data: { id: string };
    };
    expect(a.data.id).toBe(b.data.id);
  });

  it('refuses a callback without state', async () => {
    const browser = new BrowserSession();
    const { callbackUrl } = await signInAtProvider(browser, 'fay');
    const url = new URL(callbackUrl);
    url.searchParams.delete('state');
    const response = await browser.request(url.href);
    expect(response.headers.get('location') ?? '').toMatch(/error/);
    expect(await sessionOf(browser)).toBeNull();
  });

  it('refuses a callback whose state belongs to another browser', async () => {
    const victim = new BrowserSession();
    const { callbackUrl } = await signInAtProvider(victim, 'gus');
    const attacker = new BrowserSession();
    const response = await attacker.request(callbackUrl);
    expect(response.headers.get('location') ?? '').toMatch(/error/);
    expect(await sessionOf(attacker)).toBeNull();
  });

  it('refuses a replayed authorization code', async () => {
    const browser = new BrowserSession();
    const { callbackUrl } = await signInAtProvider(browser, 'hal');
    await browser.request(callbackUrl);
    expect(await sessionOf(browser)).not.toBeNull();
    const replayer = new BrowserSession();
    const replay = await replayer.request(callbackUrl);
    expect(replay.headers.get('location') ?? '').toMatch(/error/);
    expect(await sessionOf(replayer)).toBeNull();
  });

  describe.each([
    ['a nonce from another sign-in', (claims: JWTPayload) => ({ ...claims, nonce: 'not-the-nonce-we-sent' })],
    ['another audience', (claims: JWTPayload) => ({ ...claims, aud: 'some-other-client' })],
    ['another issuer', (claims: JWTPayload) => ({ ...claims, iss: 'https://evil.example' })],
    [
      'an expired token',
      (claims: JWTPayload) => ({ ...claims, iat: claims.iat! - 7200, exp: claims.iat! - 3600 }),
    ],
  ])('an ID token with %s', (_what, change) => {
    afterEach(() => idp.tamperIdTokens(null));

    it('is refused', async () => {
      const browser = new BrowserSession();
      const { callbackUrl } = await signInAtProvider(browser, 'jo');
      idp.tamperIdTokens(change);
      const response = await browser.request(callbackUrl);
      expect(response.headers.get('location') ?? '').toMatch(/error/);
      expect(await sessionOf(browser)).toBeNull();
    });
  });

  it('accepts an honestly re-signed ID token (the tampering harness itself changes nothing)', async () => {
    const browser = new BrowserSession();
    const { callbackUrl } = await signInAtProvider(browser, 'kim');
    idp.tamperIdTokens((claims) => claims);
    try {
      await browser.request(callbackUrl);
    } finally {
      idp.tamperIdTokens(null);
    }
    expect((await sessionOf(browser))?.user.email).toBe('kim@example.test');
  });

  it('refuses when the PKCE verifier does not match the challenge', async () => {
    const browser = new BrowserSession();
    const { callbackUrl } = await signInAtProvider(browser, 'ivy');
    // Swap the stored verifier, as if the flow were completed by someone who never saw it.
    const rows = await runtime.database.db
      .select()
      .from(verifications)
      .where(like(verifications.value, '%codeVerifier%'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const value = JSON.parse(row.value) as { codeVerifier: string };
      value.codeVerifier = 'x'.repeat(64);
      await runtime.database.db
        .update(verifications)
        .set({ value: JSON.stringify(value) })
        .where(eq(verifications.id, row.id));
    }
    const response = await browser.request(callbackUrl);
    expect(response.headers.get('location') ?? '').toMatch(/error/);
    expect(await sessionOf(browser)).toBeNull();
  });
});
