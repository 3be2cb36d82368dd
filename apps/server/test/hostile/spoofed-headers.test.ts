import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, SIGN_IN_LIMITED_PATHS } from '../../src/auth/create-auth.ts';
import { buildUser, type TestUser } from '../../src/test/factories.ts';
import { buildMusic } from '../../src/test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../../src/test/test-runtime.ts';

const ORIGIN = 'http://localhost:8080';
const EVIL = 'http://evil.example';
const SIGN_IN_LIMIT = 3;
const ACCOUNT_LIMIT = 3;

/** Every route of the app with one of `methods`, as Fastify's route table lists it. */
function routesOf(
  app: FastifyInstance,
  methods = ['POST', 'PUT', 'PATCH', 'DELETE'],
): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  for (const method of methods) {
    const table = app.printRoutes({ method, commonPrefix: false });
    for (const line of table.split('\n')) {
      const match = /([/][^\s(]*)\s*\(/.exec(line) ?? /([/]\S*)\s*$/.exec(line);
      if (match?.[1]) routes.push({ method, url: match[1] });
    }
  }
  return routes;
}

/**
 * Concrete URLs for a route pattern (parameters filled with a plausible id). The auth library answers
 * under one wildcard route; each of its state-changing endpoints is a URL of its own.
 */
function concrete(pattern: string, id: string): string[] {
  const url = pattern.replace(/:[A-Za-z_]+/g, id);
  if (!url.endsWith('*')) return [url];
  const authEndpoints = [
    'sign-out',
    'sign-in/email',
    'sign-up/email',
    'change-password',
    'change-email',
    'request-password-reset',
    'reset-password',
    'update-user',
    'delete-user',
    'revoke-sessions',
  ];
  return authEndpoints.map((endpoint) => url.replace(/\*$/, endpoint));
}

/**
 * Headers a client may send to pose as another address: each forwarding convention, Bops's own header
 * for the auth library, and a chain ending at loopback. Without a trusted proxy none of them may count.
 */
function spoofedAddress(n: number): Record<string, string> {
  const a = `198.18.${n % 250}.${1 + (n % 7)}`;
  const headers: Array<Record<string, string>> = [
    { 'x-forwarded-for': a },
    { 'x-forwarded-for': `${a}, 127.0.0.1` },
    { 'x-real-ip': a },
    { forwarded: `for=${a};proto=https` },
    { 'true-client-ip': a, 'cf-connecting-ip': a, 'x-client-ip': a },
    { [CLIENT_IP_HEADER]: a },
  ];
  return headers[n % headers.length]!;
}

/** The spellings of one path that a router decodes to the same route. */
function spellingsOf(url: string): string[] {
  const [first, ...rest] = url.slice(1);
  const encodedFirst = `/%${first!.charCodeAt(0).toString(16)}${rest.join('')}`;
  return [url, encodedFirst, `/${url}`, `${url}/`, url.replace('/api/', '/api//')];
}

describe.each(testDatabaseKinds)('spoofed headers on %s', (kind) => {
  describe('with TRUST_PROXY unset (no proxy believed)', () => {
    let runtime: TestRuntime;
    let victim: TestUser;
    let songId: string;

    beforeAll(async () => {
      runtime = await startTestRuntime(kind, {
        env: { SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT), SIGN_IN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT) },
      });
      victim = await buildUser(runtime.app!);
      songId = (await buildMusic(runtime, null, { isPrivate: false })).id;
    });
    afterAll(async () => runtime?.destroy());

    const inject = (options: InjectOptions) => runtime.app!.inject(options);

    it('counts wrong passwords per socket address, whatever X-Forwarded-For says', async () => {
      const account = await buildUser(runtime.app!);
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_IN_LIMIT + 5; i++) {
        const response = await inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '192.0.2.10',
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            'x-forwarded-for': i % 2 ? `198.18.0.${i}, 127.0.0.1` : `198.18.0.${i}`,
            'x-real-ip': `198.18.1.${i}`,
          },
          payload: { email: `nobody-${i}@example.test`, password: 'wrong password' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429, 429, 429, 429]);
      expect(account.id).toBeTruthy();
    });

    it('limits wrong passwords per account, from any number of addresses', async () => {
      const account = await buildUser(runtime.app!);
      const attempt = (password: string, n: number) =>
        inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: `203.0.113.${n}`,
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          payload: { email: account.email.toUpperCase(), password },
        });
      const wrong = await Promise.all(
        Array.from({ length: ACCOUNT_LIMIT + 5 }, (_, n) => attempt('wrong password', n + 1)),
      );
      const statuses = wrong.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      const refused = wrong.find((response) => response.statusCode === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/too many wrong passwords/i);
      // Even the right password waits now: the limit is on the account, not the guesses.
      expect((await attempt(account.password, 200)).statusCode).toBe(429);
    });

    it('a right password clears the account count', async () => {
      const account = await buildUser(runtime.app!);
      const attempt = (password: string, n: number) =>
        inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: `203.0.114.${n}`,
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          payload: { email: account.email, password },
        });
      for (let n = 1; n < ACCOUNT_LIMIT; n++) expect((await attempt('nope nope', n)).statusCode).toBe(401);
      expect((await attempt(account.password, 100)).statusCode).toBe(200);
      for (let n = 1; n < ACCOUNT_LIMIT; n++) expect((await attempt('nope nope', n)).statusCode).toBe(401);
      expect((await attempt(account.password, 101)).statusCode).toBe(200);
    });

    it('does not lift the takedown form limit with X-Forwarded-For', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await inject({
          method: 'POST',
          url: '/api/takedown-notices',
          remoteAddress: '192.0.2.20',
          headers: { origin: ORIGIN, 'x-forwarded-for': `198.18.2.${i}, 127.0.0.1` },
          payload: {
            reporterName: 'R',
            reporterEmail: 'r@example.test',
            contentUrl: '/listen/x',
            reason: 'this is a test notice',
          },
        });
        statuses.push(response.statusCode);
      }
      // The form refuses the made-up link (400), and each try counts.
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
    });

    it('keeps every rate-limited route to its limit per socket address, whatever address headers say', async () => {
      // The limited routes are found, not listed: @fastify/rate-limit names its limit on every answer of a
      // route it guards, so a route given a limit later is checked here too.
      const limited: Array<{ method: string; url: string; limit: number }> = [];
      for (const route of routesOf(runtime.app!, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])) {
        for (const url of concrete(route.url, songId)) {
          const response = await inject({
            method: route.method as 'POST',
            url,
            remoteAddress: '192.0.2.250',
            headers: { origin: ORIGIN },
          });
          const limit = Number(response.headers['x-ratelimit-limit']);
          if (limit > 0) limited.push({ method: route.method, url, limit });
        }
      }
      expect(limited.map((route) => `${route.method} ${route.url}`)).toEqual(
        expect.arrayContaining([
          'POST /api/takedown-notices',
          'POST /api/analytics/events',
          'POST /api/music/generateLyrics/v3',
          'POST /api/crash-reports',
          `POST /api/music/social/view/${songId}`,
        ]),
      );
      const lifted: string[] = [];
      for (const [index, route] of limited.entries()) {
        const statuses: number[] = [];
        // The discovery request above came from another address, so this one starts from zero.
        for (let n = 0; n < route.limit + 2; n++) {
          const response = await inject({
            method: route.method as 'POST',
            url: route.url,
            remoteAddress: `192.0.2.${100 + index}`,
            headers: { origin: ORIGIN, 'content-type': 'application/json', ...spoofedAddress(n) },
            payload: {},
          });
          statuses.push(response.statusCode);
        }
        const refused = statuses.filter((status) => status === 429).length;
        if (statuses.slice(0, route.limit).includes(429) || refused !== 2)
          lifted.push(`${route.method} ${route.url}: ${refused} of ${statuses.length} refused`);
      }
      expect(lifted).toEqual([]);
    });

    it.each(SIGN_IN_LIMITED_PATHS)(
      'keeps the auth endpoint %s to its limit per socket address, whatever address headers say',
      async (path) => {
        const url = `/api/auth${path.replace('*', 'some-token')}`;
        // Those a link in a mail or a provider opens are GET; the others take a form.
        const method = path.endsWith('*') || path === '/verify-email' ? 'GET' : 'POST';
        const remoteAddress = `192.0.2.${50 + SIGN_IN_LIMITED_PATHS.indexOf(path)}`;
        const statuses: number[] = [];
        for (let n = 0; n < SIGN_IN_LIMIT + 3; n++) {
          const response = await inject({
            method,
            url: `${url}${method === 'GET' ? '?token=x&callbackURL=/' : ''}`,
            remoteAddress,
            headers: { origin: ORIGIN, 'content-type': 'application/json', ...spoofedAddress(n) },
            ...(method === 'POST' ? { payload: { email: `nobody-${n}@example.test`, password: 'x' } } : {}),
          });
          statuses.push(response.statusCode);
        }
        expect(statuses.slice(0, SIGN_IN_LIMIT), statuses.join(' ')).not.toContain(429);
        expect(statuses.slice(SIGN_IN_LIMIT), statuses.join(' ')).toEqual([429, 429, 429]);
      },
    );

    it('refuses every state-changing route from another origin, however its path is spelled', async () => {
      const routes = routesOf(runtime.app!);
      expect(routes.length).toBeGreaterThan(15);
      const allowedThrough: string[] = [];
      for (const route of routes) {
        for (const url of concrete(route.url, songId).flatMap(spellingsOf)) {
          for (const headers of [
            { origin: EVIL },
            { origin: EVIL, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
            { 'sec-fetch-site': 'cross-site' },
            {},
          ]) {
            const response = await inject({
              method: route.method as 'POST',
              url,
              headers: { cookie: victim.cookie, 'content-type': 'application/json', ...headers },
              payload: { count: 1 },
            });
            if (response.statusCode !== 403 && response.statusCode !== 404)
              allowedThrough.push(
                `${route.method} ${url} ${JSON.stringify(headers)} → ${response.statusCode}`,
              );
          }
        }
      }
      expect(allowedThrough).toEqual([]);
      const song = await inject({
        method: 'GET',
        url: `/api/music/getMusic/${songId}`,
        headers: { cookie: victim.cookie },
      });
      expect(song.json().data.likes).toBe(0);
    });

    it('still accepts our own pages', async () => {
      const response = await inject({
        method: 'POST',
        url: `/api/music/social/like/${songId}`,
        headers: { cookie: victim.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload: { count: 1 },
      });
      expect(response.statusCode).toBe(200);
    });

    it('without PUBLIC_URL accepts the address the page was opened at, and no other', async () => {
      const signUp = (host: string, origin: string, n: number) =>
        inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: `198.51.100.${n}`,
          headers: { host, origin, 'content-type': 'application/json' },
          payload: {
            email: `lan-${n}-${kind}@example.test`,
            password: 'correct horse battery',
            name: 'Lan',
            acceptedTerms: true,
          },
        });
      expect((await signUp('127.0.0.1:8080', 'http://127.0.0.1:8080', 1)).statusCode).toBe(200);
      expect((await signUp('192.168.1.20:8080', 'http://192.168.1.20:8080', 2)).statusCode).toBe(200);
      expect((await signUp('192.168.1.20:8080', 'http://192.168.1.20:9999', 3)).statusCode).toBe(403);
      expect((await signUp('192.168.1.20:8080', 'https://192.168.1.20:8080', 4)).statusCode).toBe(403);
      expect((await signUp('192.168.1.20:8080', EVIL, 5)).statusCode).toBe(403);
      const forwardedHost = await inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '198.51.100.6',
        headers: {
          host: '192.168.1.20:8080',
          origin: EVIL,
          'x-forwarded-host': 'evil.example',
          'content-type': 'application/json',
        },
        payload: {
          email: `xfh-${kind}@example.test`,
          password: 'correct horse battery',
          name: 'X',
          acceptedTerms: true,
        },
      });
      expect(forwardedHost.statusCode).toBe(403);
    });
  });

  describe('with TRUST_PROXY and PUBLIC_URL set', () => {
    let runtime: TestRuntime;

    beforeAll(async () => {
      runtime = await startTestRuntime(kind, {
        env: { TRUST_PROXY: '10.0.0.0/8', PUBLIC_URL: 'https://bops.example', SIGN_IN_RATE_LIMIT: '3' },
      });
    });
    afterAll(async () => runtime?.destroy());

    const takedown = (remoteAddress: string, forwardedFor: string) =>
      runtime.app!.inject({
        method: 'POST',
        url: '/api/takedown-notices',
        remoteAddress,
        headers: { origin: 'https://bops.example', 'x-forwarded-for': forwardedFor },
        payload: {
          reporterName: 'R',
          reporterEmail: 'r@example.test',
          contentUrl: '/listen/x',
          reason: 'this is a test notice',
        },
      });

    it('believes X-Forwarded-For from the configured proxy only', async () => {
      // Behind the proxy, each client has its own count.
      for (let i = 0; i < 7; i++) expect((await takedown('10.1.2.3', `198.18.3.${i}`)).statusCode).toBe(400);
      // Straight from the internet, the header is ignored and the socket address counts.
      const direct: number[] = [];
      for (let i = 0; i < 7; i++) direct.push((await takedown('192.0.2.30', `198.18.4.${i}`)).statusCode);
      expect(direct).toEqual([400, 400, 400, 400, 400, 429, 429]);
    });

    it('names the address to use when a page elsewhere posts', async () => {
      const response = await runtime.app!.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '192.0.2.40',
        headers: {
          host: '192.168.1.20:8080',
          origin: 'http://192.168.1.20:8080',
          'content-type': 'application/json',
        },
        payload: {
          email: 'wrong-address@example.test',
          password: 'correct horse battery',
          name: 'W',
          acceptedTerms: true,
        },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('https://bops.example');
    });

    it('accepts X-Forwarded-Host from the trusted proxy for the origin check', async () => {
      const response = await runtime.app!.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.0.0.5',
        headers: {
          host: 'internal:8080',
          'x-forwarded-host': 'bops.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '198.18.9.9',
          origin: 'https://bops.example',
          'content-type': 'application/json',
        },
        payload: {
          email: 'proxied@example.test',
          password: 'correct horse battery',
          name: 'P',
          acceptedTerms: true,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
  });
});
