import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema.ts';
import { as, buildUser, TEST_ORIGIN } from '../test/factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('analytics events on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());

  it('stores a batch with the tracking payload defaults and the signed-in user', async () => {
    const user = await buildUser(runtime.app!);
    const response = await runtime.app!.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: as(user, { 'user-agent': 'TestAgent/1.0' }),
      payload: {
        events: [
          { name: 'page_view', path: '/my-bops', anonymousId: 'anon-1' },
          {
            name: 'music_like',
            payload: { contentId: 'song-1', contentName: 'Summer', value: 1 },
            path: '/listen/song-1',
          },
        ],
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ statusCode: 202, data: { stored: 2 } });
    const rows = await runtime.database.db
      .select()
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.id))
      .limit(2);
    const like = rows.find((row) => row.name === 'music_like')!;
    expect(like.userId).toBe(user.id);
    expect(like.userAgent).toBe('TestAgent/1.0');
    expect(like.payload).toEqual({
      contentId: 'song-1',
      contentType: 'product',
      contentName: 'Summer',
      value: 1,
      currency: 'USD',
      description: '',
    });
    const view = rows.find((row) => row.name === 'page_view')!;
    expect(view.payload).toEqual({
      contentId: '',
      contentType: 'product',
      contentName: '',
      value: 0,
      currency: 'USD',
      description: '',
    });
    expect(view.anonymousId).toBe('anon-1');
  });

  it('accepts a beacon (text/plain JSON) from a visitor', async () => {
    const response = await runtime.app!.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [{ name: 'get_started_button', path: '/' }] }),
    });
    expect(response.statusCode).toBe(202);
  });

  it('refuses unknown event names and oversized batches', async () => {
    const unknown = await runtime.app!.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { origin: TEST_ORIGIN },
      payload: { events: [{ name: 'drop_tables' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown analytics event/);
    const tooMany = await runtime.app!.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { origin: TEST_ORIGIN },
      payload: { events: Array.from({ length: 51 }, () => ({ name: 'page_view' })) },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses events that are too big or carry too many or odd fields, storing none of them', async () => {
    const before = (await runtime.database.db.select().from(analyticsEvents)).length;
    const post = (payload: unknown, contentType = 'application/json') =>
      runtime.app!.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: { origin: TEST_ORIGIN, 'content-type': contentType },
        payload: JSON.stringify(payload),
      });
    const manyKeys = Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`k${n}`, 'x']));
    const cases: Array<[string, unknown, number]> = [
      ['30 fields', { events: [{ name: 'page_view', payload: manyKeys }] }, 400],
      ['an odd field name', { events: [{ name: 'page_view', payload: { 'a b\u001b[2J': 1 } }] }, 400],
      [
        'a 40-character-plus name',
        { events: [{ name: 'page_view', payload: { [`k${'x'.repeat(45)}`]: 1 } }] },
        400,
      ],
      [
        'an event over 4 KB',
        {
          events: [
            {
              name: 'page_view',
              path: `/${'p'.repeat(1900)}`,
              payload: {
                description: 'd'.repeat(999),
                a: 'a'.repeat(500),
                b: 'b'.repeat(500),
                c: 'c'.repeat(500),
              },
            },
          ],
        },
        400,
      ],
      [
        'a 1 MB body',
        { events: [{ name: 'page_view', payload: { description: 'x'.repeat(1_000_000) } }] },
        413,
      ],
    ];
    for (const [label, payload, status] of cases) {
      for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
        const response = await post(payload, contentType);
        expect(response.statusCode, `${label} as ${contentType}`).toBe(status);
        expect(typeof response.json().message, label).toBe('string');
      }
    }
    expect((await runtime.database.db.select().from(analyticsEvents)).length).toBe(before);
    const fine = await post({ events: [{ name: 'page_view', payload: { step: 2, plan_choice: 'free' } }] });
    expect(fine.statusCode).toBe(202);
  });
});
