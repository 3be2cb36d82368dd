import { TERMS_NOT_ACCEPTED } from '@bops/shared/api/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { TEST_ORIGIN } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('the terms at sign-up on %s', (kind) => {
  let runtime: TestRuntime;
  let address = 0;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { SIGN_IN_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => runtime?.destroy());

  const signUp = (payload: Record<string, unknown>) =>
    runtime.app!.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { name: 'Terms Reader', password: 'velvet trombone orbit', ...payload },
      remoteAddress: `203.0.113.${1 + (address++ % 250)}`,
    });
  const accountsAt = (email: string) =>
    runtime.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));

  it('refuses a local sign-up that did not accept the terms, says why, and makes no account', async () => {
    const email = `unticked-${kind}@example.test`;
    for (const acceptedTerms of [undefined, false, 'true', 1, null]) {
      const response = await signUp({ email, acceptedTerms });
      expect(response.statusCode, String(acceptedTerms)).toBe(400);
      expect(response.json(), String(acceptedTerms)).toMatchObject({
        code: 'TERMS_NOT_ACCEPTED',
        message: 'Please confirm that you are 18 or older and agree to the Terms and Conditions.',
      });
      expect(response.headers['set-cookie'], String(acceptedTerms)).toBeUndefined();
    }
    expect(await accountsAt(email)).toEqual([]);
  });

  it('makes the account, signed in, once the terms are accepted', async () => {
    const email = `ticked-${kind}@example.test`;
    const response = await signUp({ email, acceptedTerms: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe(email);
    expect(String(response.headers['set-cookie'])).toContain('bops.session_token=');
    expect(await accountsAt(email)).toHaveLength(1);
  });

  it('answers the terms before the password, so the form shows the box that is missing', async () => {
    const response = await signUp({ email: `both-${kind}@example.test`, password: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(TERMS_NOT_ACCEPTED.code);
  });
});
