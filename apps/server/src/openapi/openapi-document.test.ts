import { Validator } from '@seriousme/openapi-schema-validator';
import { musicItemSchema, songCoverOptionsSchema } from '@bops/shared';
import {
  CREATE_MUSIC_LIMITS,
  createMusicResultSchema,
  creationProgressSchema,
  dailyAllowanceSchema,
  musicSelectionsSchema,
  rapArtistsSchema,
} from '@bops/shared/api/creation';
import { deletedAccountSchema } from '@bops/shared/api/account';
import { analyticsReceiptSchema } from '@bops/shared/api/analytics';
import { generatedLyricsSchema } from '@bops/shared/api/lyrics';
import { deletedPlaylistSchema, playlistSchema, playlistSummarySchema } from '@bops/shared/api/playlist';
import { takedownReceiptSchema } from '@bops/shared/api/takedown';
import { profileSchema } from '@bops/shared/api/profile';
import { signInMethodsSchema } from '@bops/shared/api/auth';
import { crashReceiptSchema, processCountSchema } from '@bops/shared/api/shell';
import { noticeSchema } from '@bops/shared/api/notice';
import { librarySchema } from '@bops/shared/api/library';
import {
  voiceCloneCreatedSchema,
  voiceCloneDeletedSchema,
  voiceCloneItemSchema,
} from '@bops/shared/api/voice-clone';
import { encodeWav, synthVoice } from '@bops/engine';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registeredRoutes } from '../http/route-table.ts';
import { buildMusic } from '../test/music-factories.ts';
import { as, buildUser, TEST_ORIGIN } from '../test/factories.ts';
import { buildReadyVoiceClone, multipartForm } from '../test/song-cover-factories.ts';
import { startTestRuntime, type TestRuntime } from '../test/test-runtime.ts';
import { apiOperations } from './api-operations.ts';
import { openApiPath } from './openapi-document.ts';

/** The API lives under /api and /audio; everything else serves the web app's files and link previews. */
const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/audio/');

type Paths = Record<string, Record<string, { requestBody?: { content: Record<string, { schema: never }> } }>>;

/** The schema with every object in it, however deep, refusing any key it does not name. */
function strictly<T extends z.ZodType>(schema: T): T {
  const strict = (inner: z.ZodType): z.ZodType => {
    if (inner instanceof z.ZodObject) {
      const shape = Object.fromEntries(
        Object.entries(inner.shape as Record<string, z.ZodType>).map(([key, value]) => [key, strict(value)]),
      );
      return inner.extend(shape).strict();
    }
    if (inner instanceof z.ZodArray) return z.array(strict(inner.element as z.ZodType));
    if (inner instanceof z.ZodRecord) return z.record(inner.keyType, strict(inner.valueType as z.ZodType));
    if (inner instanceof z.ZodNullable) return strict(inner.unwrap() as z.ZodType).nullable();
    if (inner instanceof z.ZodOptional) return strict(inner.unwrap() as z.ZodType).optional();
    return inner;
  };
  return strict(schema) as T;
}

describe('the API description', () => {
  let runtime: TestRuntime;
  let document: { openapi: string; paths: Paths };
  beforeAll(async () => {
    // No job workers: the rap the contract test makes is only queued, never rendered.
    runtime = await startTestRuntime('pglite', { start: { workers: false } });
    document = (await runtime.app!.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route the server serves, and nothing it does not', () => {
    const served = registeredRoutes(runtime.app!).map((route) => `${route.method} ${route.path}`);
    const api = served.filter((route) => isApiPath(route.split(' ')[1]!));
    expect(served.length).toBeGreaterThan(40);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    const missing = api.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return !documented.includes(`${method} ${openApiPath(path)}`);
    });
    expect(missing, 'routes missing from apps/server/src/openapi/api-operations.ts').toEqual([]);
    const unserved = documented.filter(
      (operation) =>
        !api.some((route) => {
          const [method, path] = route.split(' ') as [string, string];
          return operation === `${method} ${openApiPath(path)}`;
        }),
    );
    expect(unserved, 'documented operations the server does not serve').toEqual([]);
  });

  it('describes requests with the very schemas the routes validate with', () => {
    const body = document.paths['/api/music/createMusic/v3']!.post!.requestBody!.content['application/json']!
      .schema as { properties: Record<string, { maxLength?: number }>; required: string[] };
    expect(body.properties.musicName!.maxLength).toBe(CREATE_MUSIC_LIMITS.musicName);
    expect(body.properties.musicContext!.maxLength).toBe(CREATE_MUSIC_LIMITS.lyrics);
    expect(body.required).toEqual(expect.arrayContaining(['musicName', 'musicContext']));
    const cover = document.paths['/api/music/create_song_cover']!.post!.requestBody!.content;
    expect(Object.keys(cover).sort()).toEqual(['application/json', 'multipart/form-data']);
  });

  it('describes answers with the very schemas the web app reads them by', () => {
    const answerOf = (method: string, path: string) =>
      apiOperations.find((operation) => operation.method === method && operation.path === path)?.response;
    expect(answerOf('get', '/api/music/rapArtists/v3')).toBe(rapArtistsSchema);
    expect(answerOf('get', '/api/music/mixMusicSelection_v2')).toBe(musicSelectionsSchema);
    expect(answerOf('get', '/api/music/song_cover/options')).toBe(songCoverOptionsSchema);
    for (const path of [
      '/api/music/createMusic/v3',
      '/api/music/another_take/:musicId',
      '/api/music/create_song_cover',
    ])
      expect(answerOf('post', path), path).toBe(createMusicResultSchema);
    expect(answerOf('get', '/api/music/creations/:taskId')).toBe(creationProgressSchema);
    expect(answerOf('post', '/api/music/voice_clone/create/v2')).toBe(voiceCloneCreatedSchema);
    for (const path of [
      '/api/music/voice_clone/retrieve',
      '/api/music/voice_clone/update',
      '/api/music/voice_clone/update_avatar_image',
    ])
      expect(answerOf('post', path), path).toBe(voiceCloneItemSchema);
    expect(answerOf('post', '/api/music/voice_clone/delete')).toBe(voiceCloneDeletedSchema);
    expect(answerOf('post', '/api/music/generateLyrics/v3')).toBe(generatedLyricsSchema);
    expect(answerOf('delete', '/api/music/playlist/:playlistId')).toBe(deletedPlaylistSchema);
    expect(answerOf('post', '/api/takedown-notices')).toBe(takedownReceiptSchema);
    expect(answerOf('post', '/api/crash-reports')).toBe(crashReceiptSchema);
    expect(answerOf('post', '/api/analytics/events')).toBe(analyticsReceiptSchema);
    expect(answerOf('post', '/api/user/delete_account')).toBe(deletedAccountSchema);
    // Every answer is described, but the sign-in library's own and the two that only ever refuse.
    expect(
      apiOperations
        .filter((operation) => !operation.response)
        .map((operation) => `${operation.method} ${operation.path}`),
    ).toEqual([
      'get /api/auth/*',
      'post /api/auth/*',
      'get /api/music/playlist',
      'get /api/music/shared-playlist',
    ]);
  });

  it('serves a reference page whose script and styles come from this origin', async () => {
    const page = await inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>[^<]/);
    const script = await inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
    expect((await inject({ method: 'GET', url: '/api/docs/../../package.json' })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: '/api/docs/index.html' })).statusCode).toBe(404);
  });

  // The contract test: what the server really sends parses with the shared schemas the web app reads it by,
  // with no field the contract does not name, at any depth.
  it('answers with exactly the shapes the contract gives the web app', async () => {
    const dataOf = async (options: InjectOptions) => {
      const response = await inject(options);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().data as unknown;
    };
    const ada = await buildUser(runtime.app!);
    strictly(signInMethodsSchema).parse(await dataOf({ method: 'GET', url: '/api/sign-in/methods' }));
    strictly(profileSchema).parse(
      await dataOf({ method: 'GET', url: '/api/user/bops_profile', headers: as(ada) }),
    );
    strictly(processCountSchema).parse(
      await dataOf({ method: 'GET', url: '/api/music/processes', headers: as(ada) }),
    );
    z.array(strictly(noticeSchema)).parse(
      await dataOf({ method: 'GET', url: '/api/notices', headers: as(ada) }),
    );
    const created = strictly(playlistSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/playlist',
        headers: as(ada),
        payload: { playlistName: 'Contract', private: true },
      }),
    );
    z.array(strictly(playlistSummarySchema)).parse(
      await dataOf({ method: 'GET', url: '/api/music/playlists', headers: as(ada) }),
    );
    const read = strictly(playlistSchema).parse(
      await dataOf({ method: 'GET', url: `/api/music/playlist/${created.id}`, headers: as(ada) }),
    );
    expect(read.title).toBe('Contract');
    const song = await buildMusic(runtime, ada, { isPrivate: false });
    strictly(musicItemSchema).parse(
      await dataOf({ method: 'GET', url: `/api/music/getMusic/${song.id}`, headers: as(ada) }),
    );
    const library = strictly(librarySchema).parse(
      await dataOf({ method: 'GET', url: '/api/music/library', headers: as(ada) }),
    );
    expect(library.songs.map((s) => s.musicId)).toEqual([song.id]);
    expect(library.playlists.map((p) => p.id)).toContain(created.id);
    strictly(dailyAllowanceSchema).parse(
      await dataOf({ method: 'GET', url: '/api/music/daily_allowance', headers: as(ada) }),
    );
    const artists = strictly(rapArtistsSchema).parse(
      await dataOf({ method: 'GET', url: '/api/music/rapArtists/v3' }),
    );
    const selections = strictly(musicSelectionsSchema).parse(
      await dataOf({ method: 'GET', url: '/api/music/mixMusicSelection_v2' }),
    );
    strictly(songCoverOptionsSchema).parse(
      await dataOf({ method: 'GET', url: '/api/music/song_cover/options', headers: as(ada) }),
    );
    const rap = strictly(createMusicResultSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/createMusic/v3',
        headers: as(ada),
        payload: {
          musicName: 'Contract Rap',
          musicContext: 'Every word I keep is a word that I said',
          artist_id: artists.rap_artists[0]!.artist_id,
          mixmusic_id: Object.keys(selections.musics)[0]!,
        },
      }),
    );
    const progress = strictly(creationProgressSchema).parse(
      await dataOf({ method: 'GET', url: `/api/music/creations/${rap.task_id}`, headers: as(ada) }),
    );
    expect(progress).toMatchObject({ taskId: rap.task_id, musicId: rap.musicId, status: 'queued' });
    const singer = await buildReadyVoiceClone(runtime, ada);
    const retrieved = strictly(voiceCloneItemSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/voice_clone/retrieve',
        headers: as(ada),
        payload: { voice_clone_id: singer.id },
      }),
    );
    expect(retrieved).toMatchObject({ voice_clone_id: singer.id, status: 'ready' });
    strictly(voiceCloneItemSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/voice_clone/update',
        headers: as(ada),
        payload: { voice_clone_id: singer.id, voice_clone_nickname: 'Renamed Singer' },
      }),
    );
    const deleted = strictly(voiceCloneDeletedSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/voice_clone/delete',
        headers: as(ada),
        payload: { voice_clone_id: singer.id },
      }),
    );
    expect(deleted.voice_clone_id).toBe(singer.id);
    // A new AI singer from a voice sample: its build is queued, not run, so it answers as still processing.
    const form = multipartForm([
      { name: 'voice_clone_nickname', value: 'Contract Singer' },
      { name: 'terms', value: 'true' },
      {
        name: 'audio',
        filename: 'voice.wav',
        type: 'audio/wav',
        bytes: encodeWav({ sampleRate: 16000, channels: [synthVoice({ seconds: 20.5 })] }),
      },
    ]);
    const building = strictly(voiceCloneCreatedSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/voice_clone/create/v2',
        headers: as(ada, form.headers),
        payload: form.payload,
      }),
    );
    const processing = strictly(voiceCloneItemSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/voice_clone/retrieve',
        headers: as(ada),
        payload: { voice_clone_id: building.voiceProfileId },
      }),
    );
    expect(processing).toMatchObject({ status: 'processing', build_phase: null });
    // A shared song as a visitor reads it, signed out.
    const shared = strictly(musicItemSchema).parse(
      await dataOf({
        method: 'GET',
        url: `/api/music/shared/${song.id}`,
        headers: { accept: 'application/json' },
      }),
    );
    expect(shared.musicId).toBe(song.id);

    strictly(generatedLyricsSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/music/generateLyrics/v3',
        headers: as(ada),
        payload: { musicName: 'Contract Rap', context: 'keeping every promise' },
      }),
    );
    strictly(deletedPlaylistSchema).parse(
      await dataOf({ method: 'DELETE', url: `/api/music/playlist/${created.id}`, headers: as(ada) }),
    );
    strictly(takedownReceiptSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/takedown-notices',
        headers: { origin: TEST_ORIGIN },
        payload: {
          reporterName: 'Rights Holder',
          reporterEmail: 'rights@example.test',
          contentUrl: `/listen/${song.id}`,
          reason: 'This song uses my recording without permission.',
        },
      }),
    );
    strictly(crashReceiptSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/crash-reports',
        headers: { origin: TEST_ORIGIN },
        payload: { message: 'Contract crash' },
      }),
    );
    strictly(analyticsReceiptSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/analytics/events',
        headers: { origin: TEST_ORIGIN },
        payload: { events: [{ name: 'music_play' }] },
      }),
    );
    const leaving = await buildUser(runtime.app!);
    strictly(deletedAccountSchema).parse(
      await dataOf({
        method: 'POST',
        url: '/api/user/delete_account',
        headers: as(leaving),
        payload: { confirmation: leaving.email },
      }),
    );
  });
});
