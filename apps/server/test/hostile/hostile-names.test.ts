import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceClones } from '../../src/db/schema.ts';
import { as, buildUser, TEST_ORIGIN, type TestUser } from '../../src/test/factories.ts';
import { buildMusic } from '../../src/test/music-factories.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../../src/test/test-runtime.ts';

/** Controls and the characters that reorder text: none may survive into a name others see or a file name. */
const HIDDEN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A name that reads "exe.mp3" backwards from the override on, with an isolate, a mark and an escape. */
const REORDERING = 'Song \u202e3pm.exe\u202c \u2066x\u2069\u200f\u001b[2J';
/** Names that show nothing: zero-width characters, joiners, fillers, a lone override. */
const INVISIBLE = ['\u200b\u200b\u200b', '\u2060\ufeff\u200d', '\u202e\u200b', '\u3164', '\u115f\u180e'];

interface NameField {
  name: string;
  /** Sets the name through the API as the web app does, and answers the response. */
  set(person: TestUser, value: string): Promise<{ statusCode: number; body: string }>;
  /** Reads the name back as others see it. */
  read(person: TestUser): Promise<string>;
  /** A required name refuses an invisible one (400); an optional one keeps it empty. */
  required: boolean;
}

/**
 * Every place a person names something that other people, mails or downloaded files show (docs/PRODUCT.md
 * validation): the name is kept without controls and reordering characters, and one that shows nothing is
 * refused (or kept empty where a name is optional), on both databases.
 */
describe.each(testDatabaseKinds)('hostile names on %s', (kind) => {
  let runtime: TestRuntime;
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  beforeAll(async () => {
    runtime = await startTestRuntime(kind, {
      env: { DAILY_CREATION_LIMIT: '100' },
      start: { workers: false },
    });
  });
  afterAll(async () => runtime?.destroy());

  const profile = async (person: TestUser) =>
    (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(person) })).json().data as {
      displayName: string;
      firstname: string;
      lastname: string;
    };
  const updateProfile = (person: TestUser, fields: Record<string, string>) =>
    inject({
      method: 'POST',
      url: '/api/user/bops_profile/update',
      headers: as(person),
      payload: { displayName: 'Plain', firstname: '', lastname: '', bios: '', dob: '', ...fields },
    });
  const songs = new Map<string, string>();
  const songOf = async (person: TestUser) => {
    if (!songs.has(person.id)) songs.set(person.id, (await buildMusic(runtime, person)).id);
    return songs.get(person.id)!;
  };
  const singers = new Map<string, string>();
  const singerOf = async (person: TestUser) => {
    if (!singers.has(person.id)) {
      const id = randomUUID();
      await runtime.database.db
        .insert(voiceClones)
        .values({ id, userId: person.id, nickname: 'Plain', status: 'ready', modelKey: 'none' });
      singers.set(person.id, id);
    }
    return singers.get(person.id)!;
  };
  const lastCreated = new Map<string, string>();
  const createRap = async (person: TestUser, fields: Record<string, string>) => {
    const response = await inject({
      method: 'POST',
      url: '/api/music/createMusic/v3',
      headers: as(person),
      payload: {
        creatorNickname: 'DJ Plain',
        musicName: 'Plain',
        musicContext: 'We came to rock the city tonight',
        contactEmail: '',
        artist_id: 'mc-volt',
        voice_clone_id: '',
        vocal_artist_id: '',
        mixmusic_id: 'na',
        version: '1.0',
        ...fields,
      },
    });
    if (response.statusCode === 200) lastCreated.set(person.id, response.json().data.musicId as string);
    return response;
  };
  const song = async (person: TestUser, id: string) => runtime.services.music.get(person.id, id);

  const fields: NameField[] = [
    {
      name: 'profile display name',
      required: true,
      set: (person, value) => updateProfile(person, { displayName: value }),
      read: async (person) => (await profile(person)).displayName,
    },
    {
      name: 'profile first name',
      required: false,
      set: (person, value) => updateProfile(person, { firstname: value }),
      read: async (person) => (await profile(person)).firstname,
    },
    {
      name: 'profile last name',
      required: false,
      set: (person, value) => updateProfile(person, { lastname: value }),
      read: async (person) => (await profile(person)).lastname,
    },
    {
      name: 'song title at creation',
      required: true,
      set: (person, value) => createRap(person, { musicName: value }),
      read: async (person) => (await song(person, lastCreated.get(person.id)!)).musicName,
    },
    {
      name: 'creator nickname at creation',
      required: false,
      set: (person, value) => createRap(person, { creatorNickname: value }),
      read: async (person) => (await song(person, lastCreated.get(person.id)!)).author,
    },
    {
      name: 'song title on rename',
      required: true,
      set: async (person, value) =>
        inject({
          method: 'PATCH',
          url: `/api/music/song/${await songOf(person)}`,
          headers: as(person),
          payload: { musicName: value },
        }),
      read: async (person) => (await song(person, await songOf(person))).musicName,
    },
    {
      name: 'downloaded file name',
      required: true,
      set: async (person, value) =>
        inject({
          method: 'PATCH',
          url: `/api/music/song/${await songOf(person)}`,
          headers: as(person),
          payload: { musicName: value },
        }),
      read: async (person) => {
        const response = await inject({
          method: 'GET',
          url: `/api/music/${await songOf(person)}/download`,
          headers: as(person),
        });
        const disposition = String(response.headers['content-disposition']);
        const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
        return decodeURIComponent(encoded).replace(/\.[a-z0-9]+$/, '');
      },
    },
    {
      name: 'playlist title',
      required: true,
      set: async (person, value) => {
        const response = await inject({
          method: 'POST',
          url: '/api/music/playlist',
          headers: as(person),
          payload: { playlistName: value, private: true },
        });
        if (response.statusCode === 200) lastCreated.set(person.id, response.json().data.id as string);
        return response;
      },
      read: async (person) =>
        (
          await inject({
            method: 'GET',
            url: `/api/music/playlist/${lastCreated.get(person.id)!}`,
            headers: as(person),
          })
        ).json().data.title as string,
    },
    {
      name: 'account name on update',
      required: false,
      set: (person, value) =>
        inject({
          method: 'POST',
          url: '/api/auth/update-user',
          headers: { ...as(person), 'content-type': 'application/json' },
          payload: { name: value },
        }),
      read: async (person) =>
        (await inject({ method: 'GET', url: '/api/auth/get-session', headers: as(person) })).json().user
          .name as string,
    },
    {
      name: 'AI singer nickname',
      required: true,
      set: async (person, value) =>
        inject({
          method: 'POST',
          url: '/api/music/voice_clone/update',
          headers: as(person),
          payload: { voice_clone_id: await singerOf(person), voice_clone_nickname: value },
        }),
      read: async (person) => {
        const id = await singerOf(person);
        const list = (await profile(person)) as unknown as {
          voiceclones: Array<{ voice_clone_id: string; voice_clone_nickname: string }>;
        };
        return list.voiceclones.find((singer) => singer.voice_clone_id === id)!.voice_clone_nickname;
      },
    },
  ];

  it.each(fields)('$name: keeps no control or reordering character', async (field) => {
    const person = await buildUser(runtime.app!);
    const response = await field.set(person, REORDERING);
    expect(response.statusCode, response.body).toBe(200);
    const kept = await field.read(person);
    expect(kept).not.toMatch(HIDDEN);
    expect(kept).toContain('3pm.exe');
  });

  it.each(fields)('$name: an invisible name is refused or kept empty', async (field) => {
    const person = await buildUser(runtime.app!);
    for (const invisible of INVISIBLE) {
      const response = await field.set(person, invisible);
      if (field.required) {
        expect(response.statusCode, JSON.stringify(invisible)).toBe(400);
        expect(JSON.parse(response.body).message).toMatch(/required|someone can see/);
      } else {
        expect(response.statusCode, response.body).toBe(200);
        expect(await field.read(person), JSON.stringify(invisible)).toBe('');
      }
    }
  });

  it('an account name from sign-up: no control or reordering character, and an invisible one kept empty', async () => {
    const signUp = (name: string) =>
      inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: {
          email: `names-${randomUUID().slice(0, 8)}@example.test`,
          password: 'correct horse battery',
          name,
          acceptedTerms: true,
        },
      });
    const reordering = await signUp(REORDERING);
    expect(reordering.statusCode, reordering.body).toBe(200);
    expect(reordering.json().user.name).not.toMatch(HIDDEN);
    for (const invisible of INVISIBLE) {
      const response = await signUp(invisible);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user.name, JSON.stringify(invisible)).toBe('');
    }
  });
});
