import { PHOTO_MAX_BYTES } from '@bops/shared';
import type { FastifyInstance } from 'fastify';
import { VOICE_SAMPLE_LIMITS } from '@bops/engine/catalog';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/http-error.ts';
import { sendStoredFile } from '../http/send-stored-file.ts';
import type { Services } from '../services/services.ts';
import {
  createVoiceCloneFields,
  updateVoiceCloneBody,
  voiceCloneFileParams,
  voiceCloneId,
} from '@bops/shared/api/voice-clone';

export async function voiceCloneRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.post('/api/music/voice_clone/create/v2', async (request) => {
    const user = await services.auth.requireUser(request);
    const upload = {
      files: { audio: { maxBytes: VOICE_SAMPLE_LIMITS.maxBytes }, photo: { maxBytes: PHOTO_MAX_BYTES } },
    };
    return services.uploads.receive(request, user.id, upload, async ({ fields, files }) => {
      const form = createVoiceCloneFields.parse(fields);
      if (!files.audio) throw badRequest('audio: Please record or upload a voice sample.');
      return ok(
        await services.voiceClones.create(user.id, {
          nickname: form.voice_clone_nickname,
          sample: await files.audio.read(),
          photo: files.photo ? await files.photo.read() : null,
          guided: form.reading === 'guided',
        }),
      );
    });
  });

  app.post('/api/music/voice_clone/retrieve', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(
      await services.voiceClones.retrieve(user.id, voiceCloneId.parse(request.body ?? {}).voice_clone_id),
    );
  });

  app.post('/api/music/voice_clone/update', async (request) => {
    const user = await services.auth.requireUser(request);
    const body = updateVoiceCloneBody.parse(request.body ?? {});
    return ok(await services.voiceClones.rename(user.id, body.voice_clone_id, body.voice_clone_nickname));
  });

  app.post('/api/music/voice_clone/update_avatar_image', async (request) => {
    const user = await services.auth.requireUser(request);
    const upload = { files: { photo: { maxBytes: PHOTO_MAX_BYTES } } };
    return services.uploads.receive(request, user.id, upload, async ({ fields, files }) => {
      const { voice_clone_id: id } = voiceCloneId.parse(fields);
      if (!files.photo) throw badRequest('photo: Please choose a photo.');
      return ok(await services.voiceClones.setPhoto(user.id, id, await files.photo.read()));
    });
  });

  app.post('/api/music/voice_clone/delete', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(
      await services.voiceClones.remove(user.id, voiceCloneId.parse(request.body ?? {}).voice_clone_id),
    );
  });

  for (const kind of ['sample', 'image'] as const) {
    app.get(`/api/music/voice_clone/:id/${kind}`, async (request, reply) => {
      const user = await services.auth.requireUser(request);
      const params = voiceCloneFileParams.safeParse(request.params);
      if (!params.success) return reply.callNotFound();
      const key = await services.voiceClones.fileKey(user.id, params.data.id, kind);
      return sendStoredFile(request, reply, services.storage, key, { cacheControl: 'private, max-age=3600' });
    });
  }
}
