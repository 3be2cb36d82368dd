import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { buildUser, TEST_ORIGIN } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('password strength on %s', (kind) => {
  let runtime: TestRuntime;
  let address = 0;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { SIGN_IN_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => runtime?.destroy());

  const signUp = (payload: Record<string, string>) =>
    runtime.app!.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { ...payload, acceptedTerms: true },
      remoteAddress: `203.0.113.${1 + (address++ % 250)}`,
    });

  it('refuses common, patterned and personal passwords with a reason, and makes no account', async () => {
    const email = 'ada.lovelace@example.test';
    for (const password of [
      'password',
      '12345678',
      'qwertyuiop',
      'iloveyou123',
      'Password1!',
      'aaaaaaaaaaaa',
      'ada.lovelace',
      'lovelace1815',
      'bopsbopsbops',
    ]) {
      const response = await signUp({ email, password, name: 'Ada Lovelace' });
      expect(response.statusCode, password).toBe(400);
      const body = response.json() as { code: string; message: string };
      expect(body.code, password).toBe('PASSWORD_TOO_WEAK');
      expect(body.message, password).toMatch(/^This password is too easy to guess\. \S/);
      expect(body.message).not.toMatch(/at \S+\.(ts|js|mjs):\d+/);
    }
    expect(await runtime.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('keeps the length rule and accepts a few unrelated words', async () => {
    const short = await signUp({ email: 'short@example.test', password: 'x9$kQ', name: 'Short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    const strong = await signUp({
      email: 'grace@example.test',
      password: 'velvet trombone orbit',
      name: 'Grace',
    });
    expect(strong.statusCode).toBe(200);
  });

  it('applies the same rule when a signed-in person changes their password', async () => {
    const person = await buildUser(runtime.app!);
    const change = (newPassword: string) =>
      runtime.app!.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': 'application/json' },
        payload: { currentPassword: person.password, newPassword },
      });
    const weak = await change('letmein2024');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');
    expect((await change('granite lantern mosaic')).statusCode).toBe(200);
  });
});
