import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../db/schema.ts';
import { buildUser, cookieHeaderFrom, TEST_ORIGIN, type TestUser } from '../test/factories.ts';
import { linkIn, readOutbox, type OutboxMail } from '../test/outbox.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

const ACCOUNT_LIMIT = 3;
const NEW_PASSWORD = 'velvet lantern orbit 42';

/** Password change, password reset by mail and address change, through the auth endpoints as the web app calls them. */
describe.each(testDatabaseKinds)('account security on %s', (kind) => {
  let runtime: TestRuntime;
  let address = 0;

  beforeAll(async () => {
    runtime = await startTestRuntime(kind, {
      env: { SIGN_IN_RATE_LIMIT: '1000', SIGN_IN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT) },
    });
  });
  afterAll(async () => runtime?.destroy());

  const inject = (options: InjectOptions) =>
    runtime.app!.inject({
      remoteAddress: `203.0.113.${1 + (address++ % 250)}`,
      ...options,
      headers: { origin: TEST_ORIGIN, ...options.headers },
    });
  const post = (url: string, payload: object, cookie?: string) =>
    inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
  const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
  async function sessionCookie(email: string, password: string): Promise<string> {
    const response = await signIn(email, password);
    expect(response.statusCode, response.body).toBe(200);
    return cookieHeaderFrom(response.headers['set-cookie']);
  }
  async function whoIs(cookie: string): Promise<string | null> {
    const response = await inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    return (response.json() as { user: { id: string } } | null)?.user.id ?? null;
  }
  const mailsTo = async (to: string): Promise<OutboxMail[]> =>
    (await readOutbox(runtime.environment.dataDir)).filter((mail) => mail.to === to);
  const codeOf = (response: { json(): unknown }) => (response.json() as { code?: string }).code;

  describe('changing the password', () => {
    let person: TestUser;
    beforeAll(async () => {
      person = await buildUser(runtime.app!);
    });

    it('asks for the current password and a strong new one', async () => {
      const wrong = await post(
        '/api/auth/change-password',
        { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
        person.cookie,
      );
      expect(wrong.statusCode).toBe(400);
      expect(codeOf(wrong)).toBe('INVALID_PASSWORD');
      const weak = await post(
        '/api/auth/change-password',
        { currentPassword: person.password, newPassword: 'password123' },
        person.cookie,
      );
      expect(weak.statusCode).toBe(400);
      expect(codeOf(weak)).toBe('PASSWORD_TOO_WEAK');
      const signedOut = await post('/api/auth/change-password', {
        currentPassword: person.password,
        newPassword: NEW_PASSWORD,
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('ends every other session, keeps this one and mails the owner', async () => {
      const otherDevice = await sessionCookie(person.email, person.password);
      expect(await whoIs(otherDevice)).toBe(person.id);

      // Even a client that asks to keep the other sessions does not.
      const changed = await post(
        '/api/auth/change-password',
        { currentPassword: person.password, newPassword: NEW_PASSWORD, revokeOtherSessions: false },
        person.cookie,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const thisDevice = cookieHeaderFrom(changed.headers['set-cookie']);
      expect(await whoIs(thisDevice)).toBe(person.id);
      expect(await whoIs(otherDevice)).toBeNull();
      expect(await whoIs(person.cookie)).toBeNull();

      expect((await signIn(person.email, person.password)).statusCode).toBe(401);
      expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);
      const [mail] = await mailsTo(person.email);
      expect(mail?.subject).toBe('Your Bops password was changed');
    });

    it('counts a wrong current password against the account, as a wrong sign-in', async () => {
      const target = await buildUser(runtime.app!);
      const statuses: number[] = [];
      for (let i = 0; i < ACCOUNT_LIMIT + 1; i++) {
        const response = await post(
          '/api/auth/change-password',
          { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD },
          target.cookie,
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      // The account is held for sign-in too, right password or not, from any address.
      const held = await signIn(target.email, target.password);
      expect(held.statusCode).toBe(429);
      expect(codeOf(held)).toBe('TOO_MANY_FAILED_SIGN_INS');
    });
  });

  describe('resetting a forgotten password by mail', () => {
    const requestReset = (email: string) => post('/api/auth/request-password-reset', { email });
    const resetTokenOf = (mail: OutboxMail) =>
      new URL(linkIn(mail, `${runtime.config.publicUrl}/reset-password`)).searchParams.get('token')!;

    it('answers alike for an unknown address and mails nothing', async () => {
      const response = await requestReset('nobody-here@example.test');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      });
      expect(await mailsTo('nobody-here@example.test')).toEqual([]);
    });

    it('mails a single-use link that sets a strong password, ends every session and lifts the lock', async () => {
      const person = await buildUser(runtime.app!);
      const otherDevice = await sessionCookie(person.email, person.password);
      // Locked by wrong passwords first: the reset proves who reads the mail and lets them in again.
      for (let i = 0; i < ACCOUNT_LIMIT; i++) await signIn(person.email, `wrong ${i}`);
      expect((await signIn(person.email, person.password)).statusCode).toBe(429);

      const asked = await requestReset(person.email.toUpperCase());
      expect(asked.statusCode).toBe(200);
      const [mail] = await mailsTo(person.email);
      expect(mail?.subject).toBe('Reset your Bops password');
      const token = resetTokenOf(mail!);
      expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

      const weak = await post('/api/auth/reset-password', { token, newPassword: 'password123' });
      expect(weak.statusCode).toBe(400);
      expect(codeOf(weak)).toBe('PASSWORD_TOO_WEAK');
      const reset = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
      expect(reset.statusCode, reset.body).toBe(200);

      expect(await whoIs(person.cookie)).toBeNull();
      expect(await whoIs(otherDevice)).toBeNull();
      const again = await post('/api/auth/reset-password', { token, newPassword: 'another fine phrase 7' });
      expect(again.statusCode).toBe(400);
      expect(codeOf(again)).toBe('INVALID_TOKEN');
      expect((await signIn(person.email, person.password)).statusCode).toBe(401);
      expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await mailsTo(person.email)).map((sent) => sent.subject)).toContain(
        'Your Bops password was changed',
      );
    });

    it('refuses an expired link', async () => {
      const person = await buildUser(runtime.app!);
      await requestReset(person.email);
      const token = resetTokenOf((await mailsTo(person.email))[0]!);
      await runtime.database.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.identifier, `reset-password:${token}`));
      const response = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('INVALID_TOKEN');
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it('mails an account at most three links in a quarter hour, whoever asks', async () => {
      const person = await buildUser(runtime.app!);
      for (let i = 0; i < 5; i++) expect((await requestReset(person.email)).statusCode).toBe(200);
      expect(await mailsTo(person.email)).toHaveLength(3);
    });
  });

  describe('changing the e-mail address', () => {
    const callbackURL = '/my-bops/profile?email=changed';
    const changeEmail = (person: TestUser, newEmail: string) =>
      post('/api/auth/change-email', { newEmail, callbackURL }, person.cookie);

    it('changes it only once the new address confirms, and tells the old one', async () => {
      const person = await buildUser(runtime.app!);
      const newEmail = `moved-${person.id.slice(0, 8)}@example.test`;
      const asked = await changeEmail(person, newEmail);
      expect(asked.statusCode, asked.body).toBe(200);

      const [notice] = await mailsTo(person.email);
      expect(notice?.subject).toBe('Your Bops e-mail address is being changed');
      expect(notice?.text).toContain(newEmail);
      const [confirm] = await mailsTo(newEmail);
      expect(confirm?.subject).toBe('Confirm your new Bops e-mail address');
      // Nothing changes before the link is opened.
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);

      const link = new URL(linkIn(confirm!, `${runtime.config.publicUrl}/api/auth/verify-email`));
      const opened = await inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(callbackURL);

      const [row] = await runtime.database.db
        .select({ email: users.email, localEmail: users.localEmail })
        .from(users)
        .where(eq(users.id, person.id));
      expect(row).toEqual({ email: newEmail, localEmail: newEmail });
      expect((await signIn(newEmail, person.password)).statusCode).toBe(200);
      expect((await signIn(person.email, person.password)).statusCode).toBe(401);

      // The link is spent: the account's address is no longer the one it was made for.
      const reopened = await inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(reopened.statusCode).toBe(302);
      expect(reopened.headers.location).toMatch(/[?&]error=INVALID_TOKEN$/);
    });

    it('sends nothing for an address another account uses, and says the same', async () => {
      const person = await buildUser(runtime.app!);
      const other = await buildUser(runtime.app!);
      const asked = await changeEmail(person, other.email);
      expect(asked.statusCode).toBe(200);
      expect(await mailsTo(other.email)).toEqual([]);
      expect(await mailsTo(person.email)).toEqual([]);
    });

    it('sends no verification mail on demand', async () => {
      const person = await buildUser(runtime.app!);
      const response = await post(
        '/api/auth/send-verification-email',
        { email: person.email },
        person.cookie,
      );
      expect(response.statusCode).toBe(404);
      expect(await mailsTo(person.email)).toEqual([]);
    });
  });
});
