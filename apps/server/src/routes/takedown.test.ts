import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takedownNotices } from '../db/schema.ts';
import { as, buildUser, TEST_ORIGIN, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

describe.each(testDatabaseKinds)('the takedown form on %s', (kind) => {
  let runtime: TestRuntime;
  let owner: TestUser;
  let address = 0;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
    owner = await buildUser(runtime.app!);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  async function playlist(musicIds: string[], options: { private: boolean; archived?: boolean }) {
    const created = await inject({
      method: 'POST',
      url: '/api/music/playlist',
      headers: as(owner),
      payload: { playlistName: 'Out', private: options.private },
    });
    const id = created.json().data.id as string;
    await inject({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${id}`,
      headers: as(owner),
      payload: { musicIds },
    });
    if (options.archived) {
      await inject({
        method: 'PATCH',
        url: `/api/music/playlist/${id}`,
        headers: as(owner),
        payload: { archieve: true },
      });
    }
    return id;
  }

  const report = (contentUrl: string) =>
    inject({
      method: 'POST',
      url: '/api/takedown-notices',
      headers: { origin: TEST_ORIGIN },
      // One address per notice: the form's rate limit is not what this test is about.
      remoteAddress: `198.51.100.${1 + (address++ % 250)}`,
      payload: {
        reporterName: 'Rights Holder',
        reporterEmail: 'rights@example.test',
        contentUrl,
        reason: 'This song copies our recording.',
      },
    });

  it('answers for a private song exactly as for one that does not exist, and records nothing', async () => {
    const hidden = await buildMusic(runtime, owner, { name: 'Private demo' });
    const archivedSong = await buildMusic(runtime, owner, { name: 'Archived demo' });
    const privateList = await playlist([hidden.id], { private: true });
    const archivedList = await playlist([archivedSong.id], { private: false, archived: true });
    const unknown = await report('http://localhost:8080/listen/no-such-song');
    expect(unknown.statusCode).toBe(400);
    const before = (await runtime.database.db.select().from(takedownNotices)).length;
    for (const url of [
      `http://localhost:8080/listen/${hidden.id}`,
      `/api/music/shared/${hidden.id}`,
      `http://localhost:8080/${privateList}/${hidden.id}`,
      `http://localhost:8080/shared/${privateList}`,
      `http://localhost:8080/shared/${archivedList}`,
      `http://localhost:8080/listen/${archivedSong.id}`,
    ]) {
      const response = await report(url);
      expect(response.statusCode, url).toBe(unknown.statusCode);
      expect(response.body, url).toBe(unknown.body);
    }
    expect((await runtime.database.db.select().from(takedownNotices)).length).toBe(before);
  });

  it('takes a notice about a song anyone can hear, by its link or its public playlist', async () => {
    const song = await buildMusic(runtime, owner, { name: 'Public bop' });
    const list = await playlist([song.id], { private: false });
    for (const url of [`http://localhost:8080/listen/${song.id}`, `http://localhost:8080/shared/${list}`]) {
      const response = await report(url);
      expect(response.statusCode, url).toBe(201);
    }
  });
});
