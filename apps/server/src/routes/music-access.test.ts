import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildUser, TEST_ORIGIN, type TestUser } from '../test/factories.ts';
import { buildMusic } from '../test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

/**
 * The authorization matrix: every music and playlist route, for each kind of caller, on a private, a
 * public and an archived playlist (each holding one song of the owner's). A share link carries no
 * secret, only ids, so its holder is signed out and has exactly a visitor's rights; the column is
 * kept to show that.
 */
type Actor = 'visitor' | 'owner' | 'other' | 'shareHolder';
type State = 'private' | 'public' | 'archived';
type Expect = number | Record<State, number>;

// Owners act last on each route, so the DELETE cells of others run before the playlists are gone.
const actors: Actor[] = ['visitor', 'shareHolder', 'other', 'owner'];
const states: State[] = ['private', 'public', 'archived'];
const onlyPublic = { private: 404, public: 200, archived: 404 };
const ownerOnlyChange = { private: 404, public: 403, archived: 404 };

interface RouteCase {
  name: string;
  request(ids: { songId: string; playlistId: string }, state: State): Omit<InjectOptions, 'headers'>;
  expected: Record<Actor, Expect>;
}

const signedOutPublic = { visitor: onlyPublic, shareHolder: onlyPublic };
const signedInOnly = { visitor: 401, shareHolder: 401 };

const songFiles = ['audio', 'download', 'lyrics', 'cover', 'thumbnail', 'waveform'];

const routes: RouteCase[] = [
  {
    name: 'GET music/getMusic/{id}',
    request: ({ songId }) => ({ method: 'GET', url: `/api/music/getMusic/${songId}` }),
    expected: { ...signedInOnly, owner: 200, other: onlyPublic },
  },
  {
    name: 'POST music/social/like/{id}',
    request: ({ songId }) => ({
      method: 'POST',
      url: `/api/music/social/like/${songId}`,
      payload: { count: 1 },
    }),
    expected: { ...signedInOnly, owner: 200, other: onlyPublic },
  },
  {
    name: 'POST music/social/view/{id}',
    request: ({ songId }) => ({ method: 'POST', url: `/api/music/social/view/${songId}`, payload: {} }),
    expected: { ...signedOutPublic, owner: 200, other: onlyPublic },
  },
  {
    name: 'GET music/shared/{id}',
    request: ({ songId }) => ({ method: 'GET', url: `/api/music/shared/${songId}` }),
    expected: { ...signedOutPublic, owner: onlyPublic, other: onlyPublic },
  },
  ...songFiles.map((file): RouteCase => ({
    name: `GET music/{id}/${file}`,
    request: ({ songId }) => ({ method: 'GET', url: `/api/music/${songId}/${file}` }),
    expected: { ...signedOutPublic, owner: 200, other: onlyPublic },
  })),
  {
    name: 'HEAD music/{id}/audio',
    request: ({ songId }) => ({ method: 'HEAD', url: `/api/music/${songId}/audio` }),
    expected: { ...signedOutPublic, owner: 200, other: onlyPublic },
  },
  {
    name: 'PATCH music/song/{id}',
    // The owner's rename keeps the title the fixture has, so later cells see the same song.
    request: ({ songId }) => ({
      method: 'PATCH',
      url: `/api/music/song/${songId}`,
      payload: { musicName: 'Fixture song' },
    }),
    expected: { ...signedInOnly, owner: 200, other: ownerOnlyChange },
  },
  {
    name: 'GET music/playlist/{id}',
    request: ({ playlistId }) => ({ method: 'GET', url: `/api/music/playlist/${playlistId}` }),
    expected: { ...signedInOnly, owner: 200, other: onlyPublic },
  },
  {
    name: 'GET music/shared-playlist/{id}',
    request: ({ playlistId }) => ({ method: 'GET', url: `/api/music/shared-playlist/${playlistId}` }),
    expected: { ...signedOutPublic, owner: onlyPublic, other: onlyPublic },
  },
  {
    name: 'PATCH music/playlist/v3/{id}',
    request: ({ songId, playlistId }) => ({
      method: 'PATCH',
      url: `/api/music/playlist/v3/${playlistId}`,
      payload: { musicIds: [songId] },
    }),
    expected: { ...signedInOnly, owner: 200, other: ownerOnlyChange },
  },
  {
    name: 'PATCH music/playlist/{id}',
    // The owner's change keeps the state as it is, so later cells see the same fixture.
    request: ({ playlistId }, state) => ({
      method: 'PATCH',
      url: `/api/music/playlist/${playlistId}`,
      payload: { private: state === 'private', archieve: state === 'archived' },
    }),
    expected: { ...signedInOnly, owner: 200, other: ownerOnlyChange },
  },
  {
    name: 'DELETE music/playlist/{id}',
    request: ({ playlistId }) => ({ method: 'DELETE', url: `/api/music/playlist/${playlistId}` }),
    expected: { ...signedInOnly, owner: 200, other: ownerOnlyChange },
  },
  {
    // Last: its playlist is gone by now, so the song is nobody's to see but its owner's.
    name: 'DELETE music/song/{id}',
    request: ({ songId }) => ({ method: 'DELETE', url: `/api/music/song/${songId}` }),
    expected: { ...signedInOnly, owner: 200, other: 404 },
  },
];

function expectedStatus(expected: Expect, state: State): number {
  return typeof expected === 'number' ? expected : expected[state];
}

const cells = routes.flatMap((route) =>
  states.flatMap((state) =>
    actors.map((actor) => ({
      route,
      state,
      actor,
      status: expectedStatus(route.expected[actor], state),
    })),
  ),
);

describe.each(testDatabaseKinds)('music and playlist access on %s', (kind) => {
  let runtime: TestRuntime;
  let owner: TestUser;
  let other: TestUser;
  const fixtures = {} as Record<State, { songId: string; playlistId: string }>;

  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
    owner = await buildUser(runtime.app!);
    other = await buildUser(runtime.app!);
    for (const state of states) {
      const song = await buildMusic(runtime, owner, { name: 'Fixture song' });
      const created = await inject({
        method: 'POST',
        url: '/api/music/playlist',
        headers: as(owner),
        payload: { playlistName: `${state} playlist`, private: state === 'private' },
      });
      const playlistId = created.json().data.id as string;
      await inject({
        method: 'PATCH',
        url: `/api/music/playlist/${playlistId}`,
        headers: as(owner),
        payload: { musicIds: [song.id], archieve: state === 'archived' },
      });
      fixtures[state] = { songId: song.id, playlistId };
    }
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  function headersFor(actor: Actor): Record<string, string> {
    if (actor === 'owner') return as(owner);
    if (actor === 'other') return as(other);
    return { origin: TEST_ORIGIN };
  }

  it('keeps every song and playlist in the state the matrix assumes', async () => {
    const list = (await inject({ method: 'GET', url: '/api/music/playlists', headers: as(owner) })).json()
      .data as Array<{ id: string }>;
    const listed = list.map((p) => p.id);
    expect(listed).toContain(fixtures.private.playlistId);
    expect(listed).toContain(fixtures.public.playlistId);
    // Archived playlists leave the list; nobody else's playlists are in it.
    expect(listed).not.toContain(fixtures.archived.playlistId);
    const othersList = (
      await inject({ method: 'GET', url: '/api/music/playlists', headers: as(other) })
    ).json().data as Array<{ id: string }>;
    for (const state of states) expect(othersList.map((p) => p.id)).not.toContain(fixtures[state].playlistId);
    const visitorList = await inject({ method: 'GET', url: '/api/music/playlists' });
    expect(visitorList.statusCode).toBe(401);
  });

  it.each(cells.map((cell) => [cell.route.name, cell.actor, cell.state, cell.status, cell] as const))(
    '%s as %s on a %s playlist answers %i',
    async (_name, actor, state, status, cell) => {
      const request = cell.route.request(fixtures[state], state);
      const response = await inject({ ...request, headers: headersFor(actor) });
      expect(response.statusCode).toBe(status);
      if (status === 404 && request.method !== 'HEAD') {
        // The same answer as for an id that does not exist: no way to learn a private id is real.
        expect(response.json().message).toMatch(/^This (song|playlist) does not exist\.$/);
      }
      const url = String(request.url);
      if (status === 200 && request.method === 'GET' && /\/(audio|download)$/.test(url)) {
        expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      }
      if (status !== 200) expect(response.rawPayload.includes(Buffer.from('RIFF'))).toBe(false);
    },
  );
});
