import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import type { InjectOptions } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  analyticsEvents,
  musicItems,
  musicLikes,
  musicListeners,
  musicViews,
  playlists,
  sessions,
  users,
  voiceClones,
} from '../db/schema.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { makeTempDir, startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

const variants = testDatabaseKinds.flatMap((database) =>
  (['local', 's3'] as const).map((storage) => ({ database, storage })),
);

describe.each(variants)(
  'export my data and delete my account on $database with $storage files',
  ({ database, storage }) => {
    let runtime: TestRuntime;
    let s3: { close(): Promise<void> } | undefined;
    beforeAll(async () => {
      const env: Record<string, string> = {};
      if (storage === 's3') {
        const dir = await makeTempDir('bops-account-s3-');
        const server = new S3rver({
          port: 0,
          address: '127.0.0.1',
          directory: dir,
          silent: true,
          configureBuckets: [{ name: 'bops-account', configs: [] }],
        });
        const { port } = (await server.run()) as AddressInfo;
        s3 = {
          close: async () => {
            await server.close();
            await fs.rm(dir, { recursive: true, force: true });
          },
        };
        Object.assign(env, {
          S3_BUCKET: 'bops-account',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        });
      }
      runtime = await startTestRuntime(database, { env, start: { workers: false } });
    });
    afterAll(async () => {
      await runtime?.destroy();
      await s3?.close();
    });

    const inject = (options: InjectOptions) => runtime.app!.inject(options);

    async function addSong(owner: TestUser, name: string, isPrivate = true) {
      const id = randomUUID();
      const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 7)]);
      await runtime.storage.put(`music/${id}/song.mp3`, mp3, 'audio/mpeg');
      await runtime.storage.put(`music/${id}/lyrics.lrc`, Buffer.from('[00:01.00]hello'), 'text/plain');
      await runtime.database.db.insert(musicItems).values({
        id,
        ownerId: owner.id,
        name,
        status: 'ready',
        isPrivate,
        srcKey: `music/${id}/song.mp3`,
        lyricsKey: `music/${id}/lyrics.lrc`,
        lyricsText: 'hello',
        context: {
          voiceCloneIds: [],
          creationType: 'rap',
          singerId: '',
          rapperId: 'mc-volt',
          mixMusicId: '',
          prompt: '',
          version: '1.0',
        },
      });
      return { id, mp3 };
    }

    it(
      'exports everything of the person, then deletes it all and nothing of theirs remains',
      { timeout: 120_000 },
      async () => {
        const person = await buildUser(runtime.app!);
        const other = await buildUser(runtime.app!);
        const theirs = await addSong(other, 'Not Mine', false);
        const mine = await addSong(person, 'My / Song?');
        // A public playlist of the person holding their song: the song is public and shared by link.
        const list = await inject({
          method: 'POST',
          url: '/api/music/playlist',
          headers: as(person),
          payload: { playlistName: 'Road Trip', private: false },
        });
        const playlistId = (list.json().data as { id: string }).id;
        expect(
          (
            await inject({
              method: 'PATCH',
              url: `/api/music/playlist/v3/${playlistId}`,
              headers: as(person),
              payload: { musicIds: [mine.id] },
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await inject({
              method: 'GET',
              url: `/api/music/shared/${mine.id}`,
              headers: { accept: 'application/json' },
            })
          ).statusCode,
        ).toBe(200);
        // A photo, an AI singer's recording, a like and a listen of someone else's song, an analytics event.
        const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
          .jpeg()
          .toBuffer();
        const boundary = '----bops-photo';
        const photoUpload = await inject({
          method: 'POST',
          url: '/api/user/bops_profile/photo',
          headers: { ...as(person), 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
            photo,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        });
        expect(photoUpload.statusCode).toBe(200);
        const singerId = randomUUID();
        const sample = Buffer.from('RIFF-my-voice');
        await runtime.storage.put(`voice-clones/${person.id}/${singerId}/sample.wav`, sample, 'audio/wav');
        await runtime.database.db.insert(voiceClones).values({
          id: singerId,
          userId: person.id,
          nickname: 'Me',
          status: 'ready',
          sampleKey: `voice-clones/${person.id}/${singerId}/sample.wav`,
        });
        expect(
          (
            await inject({
              method: 'POST',
              url: `/api/music/social/like/${theirs.id}`,
              headers: as(person),
              payload: { count: 1 },
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (await inject({ method: 'POST', url: `/api/music/social/view/${theirs.id}`, headers: as(person) }))
            .statusCode,
        ).toBe(200);
        await runtime.database.db
          .insert(analyticsEvents)
          .values({ name: 'page_view', userId: person.id, payload: {} });

        // The export: a zip with the profile, the song's MP3 and lyrics, the playlist, the like, the recording.
        const exported = await inject({ method: 'GET', url: '/api/user/export', headers: as(person) });
        expect(exported.statusCode).toBe(200);
        expect(exported.headers['content-type']).toBe('application/zip');
        expect(exported.headers['content-disposition']).toMatch(
          /^attachment; filename="bops-export-\d{4}-\d{2}-\d{2}\.zip"$/,
        );
        const files = unzipSync(new Uint8Array(exported.rawPayload));
        const names = Object.keys(files);
        expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({
          id: person.id,
          email: person.email,
        });
        const songFile = names.find((name) => /^songs\/My-Song-[0-9a-f]{8}\.mp3$/.test(name));
        expect(songFile).toBeDefined();
        expect(Buffer.from(files[songFile!]!)).toEqual(mine.mp3);
        expect(names.some((name) => name.endsWith('.lrc'))).toBe(true);
        // Its cover comes too: the one drawn from the song, as the app shows it.
        const shownCover = await inject({
          method: 'GET',
          url: `/api/music/${mine.id}/cover`,
          headers: as(person),
        });
        expect(shownCover.statusCode).toBe(200);
        expect(Buffer.from(files[songFile!.replace(/\.mp3$/, '-cover.jpg')]!)).toEqual(shownCover.rawPayload);
        expect(JSON.parse(strFromU8(files['playlists.json']!))).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ title: 'Road Trip', private: false, musicIds: [mine.id] }),
          ]),
        );
        expect(JSON.parse(strFromU8(files['likes.json']!))).toEqual([theirs.id]);
        expect(Buffer.from(files[`ai-singers/Me-${singerId.slice(0, 8)}/sample.wav`]!)).toEqual(sample);
        expect(names).toContain('profile-photo.jpg');
        expect(names.some((name) => name.includes(theirs.id.slice(0, 8)))).toBe(false);

        // A wrong confirmation changes nothing.
        const refused = await inject({
          method: 'POST',
          url: '/api/user/delete_account',
          headers: as(person),
          payload: { confirmation: other.email },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(
          'To delete your account, type the e-mail address you sign in with.',
        );
        expect(
          (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(person) })).statusCode,
        ).toBe(200);

        const deleted = await inject({
          method: 'POST',
          url: '/api/user/delete_account',
          headers: as(person),
          payload: { confirmation: ` ${person.email.toUpperCase()} ` },
        });
        expect(deleted.statusCode).toBe(200);

        // Nothing of the person remains: rows, files, sessions, the public link.
        const db = runtime.database.db;
        expect(await db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
        expect(await db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
        expect(await db.select().from(accounts).where(eq(accounts.userId, person.id))).toEqual([]);
        expect(await db.select().from(musicItems).where(eq(musicItems.ownerId, person.id))).toEqual([]);
        expect(await db.select().from(playlists).where(eq(playlists.ownerId, person.id))).toEqual([]);
        expect(await db.select().from(voiceClones).where(eq(voiceClones.userId, person.id))).toEqual([]);
        expect(await db.select().from(musicLikes).where(eq(musicLikes.userId, person.id))).toEqual([]);
        expect(await db.select().from(musicViews).where(eq(musicViews.viewerId, person.id))).toEqual([]);
        expect(
          await db
            .select()
            .from(musicListeners)
            .where(eq(musicListeners.listener, `u:${person.id}`)),
        ).toEqual([]);
        expect(await db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, person.id))).toEqual(
          [],
        );
        for (const prefix of [`music/${mine.id}/`, `voice-clones/${person.id}/`, `users/${person.id}/`]) {
          expect(await runtime.storage.list(prefix), prefix).toEqual([]);
        }
        expect(
          (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(person) })).statusCode,
        ).toBe(401);
        expect(
          (
            await inject({
              method: 'GET',
              url: `/api/music/shared/${mine.id}`,
              headers: { accept: 'application/json' },
            })
          ).statusCode,
        ).toBe(404);
        // The other person's song lost the like (counts stay exact) and is otherwise untouched.
        const [still] = await db
          .select()
          .from(musicItems)
          .where(or(eq(musicItems.id, theirs.id)));
        expect(still).toMatchObject({ likesCount: 0, name: 'Not Mine' });
        expect(await runtime.storage.readAll(`music/${theirs.id}/song.mp3`)).toEqual(theirs.mp3);
        expect(
          (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(other) })).statusCode,
        ).toBe(200);
      },
    );

    it('needs a signed-in person', async () => {
      expect((await inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
      expect(
        (await inject({ method: 'POST', url: '/api/user/delete_account', payload: { confirmation: 'x' } }))
          .statusCode,
      ).toBe(401);
    });
  },
);
