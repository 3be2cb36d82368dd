import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { musicItems, takedownNotices, users } from '../db/schema.ts';
import { startBops } from '../runtime.ts';
import { as, buildUser, TEST_ORIGIN } from '../test/factories.ts';
import { spawnScript } from '../test/spawn-bops.ts';
import { createTestEnvironment, silentLogger, testDatabaseKinds } from '../test/test-runtime.ts';

const cli = fileURLToPath(new URL('./takedown.cli.ts', import.meta.url));

describe.each(testDatabaseKinds)('takedown notices and the operator CLI on %s', (kind) => {
  it(
    'hides each accepted song and terminates the account at the third accepted notice',
    // Four CLI processes each open the database themselves: on the embedded one this took 120 s
    // on a busy 2-core machine.
    { timeout: 240_000 },
    async () => {
      const environment = await createTestEnvironment(kind);
      try {
        const config = loadConfig(environment.env);
        let runtime = await startBops(config, { logger: silentLogger });
        const offender = await buildUser(runtime.app!);
        const songs = Array.from({ length: 4 }, () => randomUUID());
        for (const id of songs) {
          await runtime.database.db.insert(musicItems).values({
            id,
            ownerId: offender.id,
            name: `Song ${id.slice(0, 4)}`,
            status: 'ready',
            isPrivate: false,
            context: {
              voiceCloneIds: [],
              creationType: 'rap',
              singerId: '',
              rapperId: '',
              mixMusicId: '',
              prompt: '',
              version: '1.0',
            },
          });
        }
        for (const id of songs.slice(0, 3)) {
          const response = await runtime.app!.inject({
            method: 'POST',
            url: '/api/takedown-notices',
            headers: { origin: TEST_ORIGIN },
            payload: {
              reporterName: 'Rights Holder',
              reporterEmail: 'rights@example.test',
              contentUrl: `http://localhost:8080/listen/${id}`,
              reason: 'This song copies our recording.',
            },
          });
          expect(response.statusCode).toBe(201);
        }
        const unknown = await runtime.app!.inject({
          method: 'POST',
          url: '/api/takedown-notices',
          headers: { origin: TEST_ORIGIN },
          payload: {
            reporterName: 'X',
            reporterEmail: 'x@example.test',
            contentUrl: 'http://localhost:8080/listen/nope',
            reason: 'This is not a real song at all.',
          },
        });
        expect(unknown.statusCode).toBe(400);
        const notices = await runtime.database.db.select().from(takedownNotices);
        // The embedded database belongs to one process: the CLI runs while Bops is stopped. On PostgreSQL it
        // runs beside Bops, which must drop the session it keeps in memory as soon as the CLI ends it.
        const alongside = kind === 'postgres';
        if (alongside) {
          const signedIn = await runtime.app!.inject({
            method: 'GET',
            url: '/api/user/bops_profile',
            headers: as(offender),
          });
          expect(signedIn.statusCode).toBe(200);
        } else {
          await runtime.stop();
        }
        const outputs: string[] = [];
        for (const notice of notices.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
          const run = spawnScript(cli, ['accept', notice.id], environment.env);
          expect((await run.exited).code, run.stderr()).toBe(0);
          outputs.push(run.stdout());
        }
        expect(outputs[0]).toContain('Accepted notices against this account: 1.');
        expect(outputs[1]).not.toContain('terminated');
        expect(outputs[2]).toContain('the account is terminated');
        const again = spawnScript(cli, ['accept', notices[0]!.id], environment.env);
        expect((await again.exited).code).toBe(1);
        expect(again.stderr()).toMatch(/already decided/);

        if (alongside) {
          const current = runtime;
          await expect
            .poll(
              async () =>
                (
                  await current.app!.inject({
                    method: 'GET',
                    url: '/api/user/bops_profile',
                    headers: as(offender),
                  })
                ).statusCode,
              { timeout: 5_000 },
            )
            .toBe(401);
        } else {
          runtime = await startBops(config, { logger: silentLogger });
        }
        const [account] = await runtime.database.db.select().from(users).where(eq(users.id, offender.id));
        expect(account!.status).toBe('terminated');
        const hidden = await runtime.database.db
          .select()
          .from(musicItems)
          .where(eq(musicItems.ownerId, offender.id));
        expect(hidden.every((song) => song.hidden)).toBe(true);
        // The old session is gone and signing in again is refused.
        const profile = await runtime.app!.inject({
          method: 'GET',
          url: '/api/user/bops_profile',
          headers: as(offender),
        });
        expect(profile.statusCode).toBe(401);
        const signIn = await runtime.app!.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
          payload: { email: offender.email, password: offender.password },
        });
        expect(signIn.statusCode).not.toBe(200);
        await runtime.stop();
      } finally {
        await environment.cleanup();
      }
    },
  );

  it(
    'lists notices without obeying the terminal escapes and bidi characters a reporter typed',
    { timeout: 60_000 },
    async () => {
      const environment = await createTestEnvironment(kind);
      try {
        const runtime = await startBops(loadConfig(environment.env), { logger: silentLogger });
        const owner = await buildUser(runtime.app!);
        const id = randomUUID();
        await runtime.database.db.insert(musicItems).values({
          id,
          ownerId: owner.id,
          name: 'Reported',
          status: 'ready',
          isPrivate: false,
          context: {
            voiceCloneIds: [],
            creationType: 'rap',
            singerId: '',
            rapperId: '',
            mixMusicId: '',
            prompt: '',
            version: '1.0',
          },
        });
        const response = await runtime.app!.inject({
          method: 'POST',
          url: '/api/takedown-notices',
          headers: { origin: TEST_ORIGIN },
          payload: {
            reporterName: 'Eve\u001b[2J\u001b[31m\u202egnp.exe',
            reporterEmail: 'eve@example.test',
            contentUrl: `http://localhost:8080/listen/${id}`,
            reason: 'Hidden \u009b2J and \u2066isolate\u2069 in the reason.',
          },
        });
        expect(response.statusCode).toBe(201);
        await runtime.stop();
        const run = spawnScript(cli, ['list'], environment.env);
        expect((await run.exited).code, run.stderr()).toBe(0);
        const output = run.stdout();
        expect(output).toContain('from Eve\\u{1b}[2J\\u{1b}[31m\\u{202e}gnp.exe <eve@example.test>');
        expect(output).toContain('\\u{9b}2J');
        expect(output.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
      } finally {
        await environment.cleanup();
      }
    },
  );

  it('prints its usage on a wrong command', async () => {
    const environment = await createTestEnvironment(kind);
    try {
      const run = spawnScript(cli, ['delete-everything'], environment.env);
      expect((await run.exited).code).toBe(1);
      expect(run.stderr()).toContain('Usage: npm run takedown --');
    } finally {
      await environment.cleanup();
    }
  });
});
