import { encodeWav, synthSine, synthVoice, VOICE_SAMPLE_LIMITS } from '@bops/engine';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notices, voiceClones } from '../db/schema.ts';
import { VoiceCloneRepository } from '../repositories/voice-clone.repository.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { readOutbox } from '../test/outbox.ts';
import { waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, testDatabaseKinds, type TestRuntime } from '../test/test-runtime.ts';

const wav = (samples: Float32Array, sampleRate = 16000) =>
  Buffer.from(encodeWav({ sampleRate, channels: [samples] }));

function form(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer }
  >,
) {
  const boundary = '----bops-voice-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDatabaseKinds)('AI singers on %s', (kind) => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(kind);
  });
  afterAll(async () => runtime?.destroy());
  const inject = (options: InjectOptions) => runtime.app!.inject(options);

  const upload = (
    user: TestUser,
    audio: Buffer | null,
    extra: Record<string, string> = {},
    filename = 'me.wav',
  ) => {
    const body = form([
      { name: 'voice_clone_nickname', value: extra.nickname ?? 'My Voice' },
      ...(extra.terms === '' ? [] : [{ name: 'terms', value: extra.terms ?? 'true' }]),
      ...(audio ? [{ name: 'audio', filename, type: 'audio/wav', bytes: audio }] : []),
    ]);
    return inject({
      method: 'POST',
      url: '/api/music/voice_clone/create/v2',
      headers: as(user, { 'content-type': body.contentType }),
      payload: body.payload,
    });
  };

  const storedFilesOf = (user: TestUser) => runtime.storage.list(`voice-clones/${user.id}/`);

  it('builds an AI singer from 20.0 s of voice, then tells the person', { timeout: 120_000 }, async () => {
    const user = await buildUser(runtime.app!);
    const phases = vi.spyOn(VoiceCloneRepository.prototype, 'reportBuildPhase');
    const response = await upload(user, wav(synthVoice({ seconds: 20.0 })));
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { recording: string; voiceProfileId: string; estimation: number };
    expect(data.recording).toBe(`/api/music/voice_clone/${data.voiceProfileId}/sample`);
    expect(data.estimation).toBeGreaterThan(0);
    await waitFor(
      async () =>
        (
          await runtime.database.db.select().from(voiceClones).where(eq(voiceClones.id, data.voiceProfileId))
        )[0]?.status === 'ready',
      100_000,
      'the AI singer to be built',
    );
    const profile = (await inject({ method: 'GET', url: '/api/user/bops_profile', headers: as(user) })).json()
      .data;
    expect(profile.voiceclones).toEqual([
      {
        voice_clone_id: data.voiceProfileId,
        voice_clone_nickname: 'My Voice',
        imageFileUrl: '',
        status: 'ready',
      },
    ]);
    expect(await storedFilesOf(user)).toEqual([
      `voice-clones/${user.id}/${data.voiceProfileId}/model.bin`,
      `voice-clones/${user.id}/${data.voiceProfileId}/sample.wav`,
      `voice-clones/${user.id}/${data.voiceProfileId}/voice.wav`,
    ]);
    // The job reported each phase it went through, in order; the page reads the last one while it builds.
    expect(phases.mock.calls.filter(([id]) => id === data.voiceProfileId).map(([, phase]) => phase)).toEqual([
      'reading',
      'cleaning',
      'finding-voice',
      'building',
      'saving',
    ]);
    phases.mockRestore();
    const retrieveOwn = async () =>
      (
        await inject({
          method: 'POST',
          url: '/api/music/voice_clone/retrieve',
          headers: as(user),
          payload: { voice_clone_id: data.voiceProfileId },
        })
      ).json().data as { status: string; build_phase: string | null };
    expect(await retrieveOwn()).toMatchObject({ status: 'ready', build_phase: null });
    const [notice] = await runtime.database.db.select().from(notices).where(eq(notices.userId, user.id));
    expect(notice!.text).toBe('Your AI singer "My Voice" is ready.');
    // The mail goes out just after the AI singer is marked ready.
    const readyMail = async () =>
      (await readOutbox(runtime.config.dataDir)).some(
        (mail) =>
          mail.to === user.email &&
          mail.subject === 'Your AI singer is ready' &&
          /It took \d+ seconds? to build/.test(mail.text),
      );
    await waitFor(readyMail, 30_000, 'the AI-singer-ready mail');

    // Only the owner reaches the sample.
    const sample = await inject({ method: 'GET', url: data.recording, headers: as(user) });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('audio/wav');
    const other = await buildUser(runtime.app!);
    expect((await inject({ method: 'GET', url: data.recording, headers: as(other) })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: data.recording })).statusCode).toBe(401);
    const retrieve = await inject({
      method: 'POST',
      url: '/api/music/voice_clone/retrieve',
      headers: as(other),
      payload: { voice_clone_id: data.voiceProfileId },
    });
    expect(retrieve.statusCode).toBe(404);
  });

  it('raps in the AI singer, for its owner only, once it is ready', { timeout: 240_000 }, async () => {
    const user = await buildUser(runtime.app!);
    const other = await buildUser(runtime.app!);
    const { voiceProfileId } = (await upload(user, wav(synthVoice({ seconds: 24 })))).json().data as {
      voiceProfileId: string;
    };
    const rap = (owner: TestUser) =>
      inject({
        method: 'POST',
        url: '/api/music/createMusic/v3',
        headers: as(owner),
        payload: {
          musicName: 'My Own Voice',
          musicContext: 'This is my voice on the beat tonight',
          voice_clone_id: voiceProfileId,
          mixmusic_id: 'na',
        },
      });
    const early = await rap(user);
    if (early.statusCode === 400)
      expect(early.json().message).toBe('Voice is not ready to use yet. Please try again later.');
    await waitFor(
      async () =>
        (await runtime.database.db.select().from(voiceClones).where(eq(voiceClones.id, voiceProfileId)))[0]
          ?.status === 'ready',
      100_000,
      'the AI singer to be built',
    );
    const refused = await rap(other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('voice_clone_id: There is no such AI singer.');
    const accepted = await rap(user);
    expect(accepted.statusCode).toBe(200);
    const { task_id: taskId, musicId } = accepted.json().data as { task_id: string; musicId: string };
    await waitFor(
      async () => (await runtime.services.creation.progress(user.id, taskId)).status === 'completed',
      150_000,
      'the rap in the AI singer',
    );
    const song = (
      await inject({ method: 'GET', url: `/api/music/getMusic/${musicId}`, headers: as(user) })
    ).json().data;
    expect(song.context.voiceCloneIds).toEqual([voiceProfileId]);
    expect(song.src).not.toBe('');
    expect((await runtime.storage.readAll(`music/${musicId}/song.mp3`))!.length).toBeGreaterThan(10_000);
    // The AI singer is credited as itself, not as the artist whose flow it borrowed.
    const lrc = (await runtime.storage.readAll(`music/${musicId}/lyrics.lrc`))!.toString();
    expect(lrc).toContain('[ar:My Voice]');
  });

  it.each([
    [
      '19.9 s',
      () => wav(synthVoice({ seconds: 19.9 })),
      'Please record a voice sample that is at least 20 seconds long.',
    ],
    [
      'silence',
      () => wav(new Float32Array(16000 * 25)),
      'This recording is silent. Please check your microphone and record again.',
    ],
    [
      'a single sine tone',
      () => wav(synthSine({ seconds: 25, hz: 440 })),
      'This sounds like a single tone, not a voice. Please record yourself speaking and singing.',
    ],
    [
      'a PNG renamed .wav',
      () =>
        Buffer.from([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 1, 0,
        ]),
      'This file is not a recording we can read. Please upload a WAV, M4A, MP3 or OGG file.',
    ],
    [
      '5 min + 1 s',
      () => wav(synthVoice({ seconds: 301, sampleRate: 8000 }), 8000),
      'Please keep the voice sample under 5 minutes.',
    ],
  ])('refuses %s with a clear message and keeps nothing', async (_what, make, message) => {
    const user = await buildUser(runtime.app!);
    const response = await upload(user, make());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedFilesOf(user)).toEqual([]);
    expect(
      await runtime.database.db.select().from(voiceClones).where(eq(voiceClones.userId, user.id)),
    ).toEqual([]);
  });

  it.each([8, 1])('refuses a %d Hz WAV at once, and the audio workers keep serving others', async (rate) => {
    const user = await buildUser(runtime.app!);
    // PCM16 mono, 480 frames, declaring an absurd rate: once enough to hang a worker thread for good.
    const absurd = wav(synthSine({ seconds: 480 / 8000, hz: 220, sampleRate: 8000 }), 8000);
    absurd.writeUInt32LE(rate, 24);
    absurd.writeUInt32LE(rate * 2, 28);
    const started = Date.now();
    const response = await upload(user, absurd);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/recording we can read/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await storedFilesOf(user)).toEqual([]);
    const next = await upload(user, wav(synthSine({ seconds: 1, hz: 220 })));
    expect(next.statusCode).toBe(400);
  });

  it('refuses a truncated file without crashing', async () => {
    const user = await buildUser(runtime.app!);
    const whole = wav(synthVoice({ seconds: 30 }));
    const response = await upload(user, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(response.statusCode).toBe(400);
    expect(await storedFilesOf(user)).toEqual([]);
  });

  it('answers one byte over the size cap with 413', async () => {
    const user = await buildUser(runtime.app!);
    const response = await upload(user, Buffer.alloc(VOICE_SAMPLE_LIMITS.maxBytes + 1));
    expect(response.statusCode).toBe(413);
    expect(await storedFilesOf(user)).toEqual([]);
  });

  it('requires the terms confirmation and a nickname', async () => {
    const user = await buildUser(runtime.app!);
    const noTerms = await upload(user, wav(synthVoice({ seconds: 21 })), { terms: '' });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().message).toBe(
      'terms: Please confirm: I am 18 or older and agree to the Terms and Conditions',
    );
    const noName = await upload(user, wav(synthVoice({ seconds: 21 })), { nickname: ' ' });
    expect(noName.json().message).toBe('voice_clone_nickname: This field is required');
    expect(await storedFilesOf(user)).toEqual([]);
  });

  it('renames, sets a photo without metadata, and deletes with its files', { timeout: 120_000 }, async () => {
    const user = await buildUser(runtime.app!);
    const created = (await upload(user, wav(synthVoice({ seconds: 22 })))).json().data as {
      voiceProfileId: string;
    };
    const id = created.voiceProfileId;
    const renamed = await inject({
      method: 'POST',
      url: '/api/music/voice_clone/update',
      headers: as(user),
      payload: { voice_clone_id: id, voice_clone_nickname: 'Stage Voice' },
    });
    expect(renamed.json().data.voice_clone_nickname).toBe('Stage Voice');
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ccff66' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'hidden-name' } })
      .toBuffer();
    const body = form([
      { name: 'voice_clone_id', value: id },
      { name: 'photo', filename: 'p.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    const withPhoto = await inject({
      method: 'POST',
      url: '/api/music/voice_clone/update_avatar_image',
      headers: as(user, { 'content-type': body.contentType }),
      payload: body.payload,
    });
    expect(withPhoto.statusCode).toBe(200);
    const image = await inject({ method: 'GET', url: withPhoto.json().data.imageFileUrl, headers: as(user) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.includes(Buffer.from('hidden-name'))).toBe(false);

    // Whether or not the build finished, an "is ready" notice must not outlive its AI singer.
    await runtime.database.db
      .insert(notices)
      .values({
        id: `voice-ready-${id}`,
        userId: user.id,
        kind: 'voice_clone_ready',
        text: 'ready',
        link: '/manage',
      })
      .onConflictDoNothing();

    const removed = await inject({
      method: 'POST',
      url: '/api/music/voice_clone/delete',
      headers: as(user),
      payload: { voice_clone_id: id },
    });
    expect(removed.json().data).toEqual({ voice_clone_id: id, deleted: true });
    expect(
      await runtime.database.db
        .select()
        .from(notices)
        .where(eq(notices.id, `voice-ready-${id}`)),
    ).toEqual([]);
    await waitFor(async () => (await storedFilesOf(user)).length === 0, 60_000, 'the files to be deleted');
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/music/voice_clone/retrieve',
          headers: as(user),
          payload: { voice_clone_id: id },
        })
      ).statusCode,
    ).toBe(404);
  });
});
