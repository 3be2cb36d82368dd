import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../db/schema.ts';
import { as, buildUser, TEST_ORIGIN, type TestUser } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('in-app notices on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  const addNotice = (user: TestUser, id: string, minutesAgo: number, extra: { readAt?: Date } = {}) =>
    runtime.database.db.insert(notices).values({
      id,
      userId: user.id,
      kind: 'voice_clone_ready',
      text: `Your AI singer "${id}" is ready.`,
      link: '/manage',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...extra,
    });
  const list = (user: TestUser) => inject({ method: 'GET', url: '/api/notices', headers: as(user) });
  const markRead = (user: TestUser, id: string) =>
    inject({ method: 'POST', url: `/api/notices/${id}/read`, headers: as(user) });
  const readAtOf = async (id: string) =>
    (await runtime.database.db.select().from(notices).where(eq(notices.id, id)))[0]?.readAt ?? null;

  it("lists only the person's own unread notices, newest first, without caching", async () => {
    const ada = await buildUser(runtime.app!);
    const bob = await buildUser(runtime.app!);
    await addNotice(ada, `old-${ada.id}`, 30);
    await addNotice(ada, `new-${ada.id}`, 1);
    await addNotice(ada, `read-${ada.id}`, 5, { readAt: new Date() });
    await addNotice(bob, `bob-${bob.id}`, 2);

    const response = await list(ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.statusCode).toBe(200);
    expect(body.data.map((notice: { id: string }) => notice.id)).toEqual([`new-${ada.id}`, `old-${ada.id}`]);
    expect(body.data[0]).toEqual({
      id: `new-${ada.id}`,
      kind: 'voice_clone_ready',
      text: `Your AI singer "new-${ada.id}" is ready.`,
      link: '/manage',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('caps the list at the 20 newest', async () => {
    const ada = await buildUser(runtime.app!);
    for (let index = 0; index < 22; index += 1) await addNotice(ada, `n${index}-${ada.id}`, index);
    const ids = (await list(ada)).json().data.map((notice: { id: string }) => notice.id);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe(`n0-${ada.id}`);
    expect(ids[19]).toBe(`n19-${ada.id}`);
  });

  it('marks a notice read, which takes it off the list; marking it again changes nothing', async () => {
    const ada = await buildUser(runtime.app!);
    const id = `voice-ready-${ada.id}`;
    await addNotice(ada, id, 1);
    const first = await markRead(ada, id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ statusCode: 200, data: { id, read: true } });
    expect((await list(ada)).json().data).toEqual([]);
    const readAt = await readAtOf(id);
    expect(readAt).toBeInstanceOf(Date);

    const again = await markRead(ada, id);
    expect(again.statusCode).toBe(200);
    expect((await readAtOf(id))?.getTime()).toBe(readAt!.getTime());
  });

  it("answers 404 for someone else's notice or an unknown id, and changes nothing", async () => {
    const ada = await buildUser(runtime.app!);
    const eve = await buildUser(runtime.app!);
    const id = `voice-ready-${ada.id}`;
    await addNotice(ada, id, 1);
    for (const attempt of [await markRead(eve, id), await markRead(eve, 'voice-ready-unknown')]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json().message).toBe('This notice does not exist.');
    }
    expect(await readAtOf(id)).toBeNull();
    expect((await list(ada)).json().data.map((notice: { id: string }) => notice.id)).toEqual([id]);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const listed = await inject({ method: 'GET', url: '/api/notices', headers: { origin: TEST_ORIGIN } });
    expect(listed.statusCode).toBe(401);
    expect(listed.json().message).toBe('Please sign in to continue.');
    const read = await inject({
      method: 'POST',
      url: '/api/notices/voice-ready-x/read',
      headers: { origin: TEST_ORIGIN },
    });
    expect(read.statusCode).toBe(401);
  });

  it('refuses an id that cannot be a notice with 400', async () => {
    const ada = await buildUser(runtime.app!);
    for (const bad of ['a.b', 'two%20words', '%C3%A9t%C3%A9']) {
      const response = await markRead(ada, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/notice id/);
    }
  });
});
