import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, TEST_ORIGIN } from '../../src/test/factories.ts';
import { buildMusic } from '../../src/test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../../src/test/test-runtime.ts';

/**
 * Listens under a race (docs/PRODUCT.md: a listen counts once per listener and song in its window): one visitor's
 * address, one account and many other visitors all post at the same moment, forged forwarding headers
 * included. The count is exact: one per listener, never more, and every answer saw a count within it.
 */
describe.each(testDatabaseKinds)('racing listens on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());

  it('counts each listener once when all of them post at once', async () => {
    const listener = await buildUser(runtime.app!);
    const song = await buildMusic(runtime, null, { isPrivate: false });
    const listen = (headers: Record<string, string>, remoteAddress: string) =>
      runtime.app!.inject({
        method: 'POST',
        url: `/api/music/social/view/${song.id}`,
        headers: { origin: TEST_ORIGIN, ...headers },
        payload: {},
        remoteAddress,
      });
    const others = 30;
    const posts = [
      // One visitor, 40 times, half of them claiming to be someone else.
      ...Array.from({ length: 40 }, (_, n) =>
        listen(n % 2 ? { 'x-forwarded-for': `198.18.7.${n}` } : {}, '192.0.2.150'),
      ),
      // One account, 40 times, from as many addresses.
      ...Array.from({ length: 40 }, (_, n) => listen(as(listener), `203.0.113.${n + 1}`)),
      // Other visitors, once each.
      ...Array.from({ length: others }, (_, n) => listen({}, `198.51.100.${n + 1}`)),
    ];
    const answers = await Promise.all(posts);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
    const listeners = others + 2;
    const seen = answers.map((answer) => answer.json().data.views as number);
    expect(Math.max(...seen)).toBe(listeners);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1);
    expect((await runtime.services.music.get(listener.id, song.id)).views).toBe(listeners);
  });
});
