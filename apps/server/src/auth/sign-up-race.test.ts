import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { accounts, users } from '../db/schema.ts';
import { TEST_ORIGIN } from '../test/factories.ts';
import {
  createPostgresDatabase,
  makeTempDir,
  startTestRuntime,
  testDatabaseKinds,
  type DatabaseKind,
  type TestRuntime,
} from '../test/test-runtime.ts';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

describe.each(testDatabaseKinds)('racing sign-ups on %s', (kind) => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime(kind, { env: { SIGN_IN_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => runtime?.destroy());

  const signUp = (email: string, n: number) =>
    runtime.app!.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: `198.18.${Math.floor(n / 250)}.${1 + (n % 250)}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email, password: `correct horse battery ${n}`, name: `Racer ${n}`, acceptedTerms: true },
    });

  it('makes one account from 50 parallel sign-ups on one address, and answers the others as a taken address', async () => {
    const address = `race-${kind}@example.test`;
    const spellings = [address, address.toUpperCase(), `Race-${kind}@Example.TEST`];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) => signUp(spellings[n % spellings.length]!, n)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    }
    const db = runtime.database.db;
    const made = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`);
    expect(made).toHaveLength(1);
    const credentials = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.userId, made[0]!.id));
    expect(credentials).toHaveLength(1);
  });

  it('keeps account names short and free of hidden controls', async () => {
    const signUpNamed = (name: string, n: number) =>
      runtime.app!.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: `198.19.0.${n}`,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: {
          email: `named-${n}-${kind}@example.test`,
          password: 'correct horse battery',
          name,
          acceptedTerms: true,
        },
      });
    const long = await signUpNamed('x'.repeat(100_000), 1);
    expect(long.statusCode).toBe(200);
    expect(long.json().user.name).toBe('x'.repeat(100));
    expect(long.body.length).toBeLessThan(2000);
    const bidi = await signUpNamed('\u202Egnp.exe\u202C Ada\u0007', 2);
    expect(bidi.json().user.name).toBe('gnp.exe Ada');
  });

  it('answers a later sign-up on a taken address the same way', async () => {
    const address = `later-${kind}@example.test`;
    expect((await signUp(address, 900)).statusCode).toBe(200);
    const again = await signUp(address.toUpperCase(), 901);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
  });
});

/** A database migrated up to (not including) the unique local address, then fully. */
async function openEmpty(kind: DatabaseKind): Promise<{ handle: DatabaseHandle; done(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await makeTempDir();
    const handle = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    return {
      handle,
      async done() {
        await handle.close();
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolMax: 2 });
  return {
    handle,
    async done() {
      await handle.close();
      await database.drop();
    },
  };
}

async function migrationsBefore(tag: string): Promise<{ folder: string; cleanup(): Promise<void> }> {
  const folder = await makeTempDir('bops-migrations-');
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return { folder, cleanup: () => fs.rm(folder, { recursive: true, force: true }) };
}

describe.each(testDatabaseKinds)('the unique local address migration on %s', (kind) => {
  it('keeps every account and gives the address to the oldest local account of each', async () => {
    const { handle, done } = await openEmpty(kind);
    const before = await migrationsBefore('0003_local_email_unique');
    try {
      const run = (folder: string) =>
        handle.kind === 'pglite'
          ? migratePglite(handle.db as never, { migrationsFolder: folder })
          : migratePg(handle.db as never, { migrationsFolder: folder });
      await run(before.folder);
      const db = handle.db;
      const user = (id: string, email: string, minutesAgo: number) =>
        db.execute(
          sql`insert into users (id, email, created_at, updated_at) values (${id}, ${email}, now() - make_interval(mins => ${minutesAgo}), now())`,
        );
      const account = (id: string, userId: string, provider: string) =>
        db.execute(
          sql`insert into accounts (id, account_id, provider_id, user_id, created_at, updated_at) values (${id}, ${userId}, ${provider}, ${userId}, now(), now())`,
        );
      await user('newer', 'Dup@Example.test', 1);
      await user('oldest', 'dup@example.test', 30);
      await user('middle', ' DUP@example.test', 10);
      await user('provider', 'dup@example.test', 60);
      await user('single', 'one@example.test', 5);
      for (const id of ['newer', 'oldest', 'middle', 'single']) await account(`a-${id}`, id, 'credential');
      await account('a-provider', 'provider', 'oidc');

      await run(migrationsFolder);

      const rows = await db.select({ id: users.id, localEmail: users.localEmail }).from(users);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.localEmail]))).toEqual({
        middle: null,
        newer: null,
        oldest: 'dup@example.test',
        provider: null,
        single: 'one@example.test',
      });
      await expect(
        db.execute(sql`update users set local_email = 'dup@example.test' where id = 'newer'`),
      ).rejects.toThrow();
    } finally {
      await before.cleanup();
      await done();
    }
  });
});
