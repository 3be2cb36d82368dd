import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VOICE_SAMPLE_LIMITS } from '@bops/engine/catalog';
import { ok } from '../http/envelope.ts';
import { badRequest, HttpError } from '../http/http-error.ts';
import { sendStoredFile } from '../http/send-stored-file.ts';
import { PHOTO_LIMIT_BYTES } from '../images/reencode-photo.ts';
import type { Services } from '../services/services.ts';
import {
  createVoiceCloneFields,
  updateVoiceCloneBody,
  voiceCloneFileParams,
  voiceCloneId,
} from './voice-clone.schema.ts';

/** Reads a multipart form: text fields, and files up to their own size caps (413 past them). */
async function readForm(request: FastifyRequest, caps: Record<string, number>) {
  if (!request.isMultipart()) throw badRequest('Please send the form as a multipart upload.');
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of request.parts({
    limits: { fileSize: Math.max(...Object.values(caps)), files: 2, fields: 10 },
  })) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      const cap = caps[file.fieldname];
      if (cap === undefined) {
        file.file.resume();
        continue;
      }
      const bytes = await file.toBuffer();
      if (bytes.length > cap) throw new HttpError(413, 'This file is too large.');
      files[file.fieldname] = bytes;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}

export async function voiceCloneRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.post('/api/music/voice_clone/create/v2', async (request) => {
    const user = await services.auth.requireUser(request);
    const { fields, files } = await readForm(request, {
      audio: VOICE_SAMPLE_LIMITS.maxBytes,
      photo: PHOTO_LIMIT_BYTES,
    });
    const form = createVoiceCloneFields.parse(fields);
    if (!files.audio) throw badRequest('audio: Please record or upload a voice sample.');
    return ok(
      await services.voiceClones.create(user.id, {
        nickname: form.voice_clone_nickname,
        sample: files.audio,
        photo: files.photo ?? null,
        guided: form.reading === 'guided',
      }),
    );
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
    const { fields, files } = await readForm(request, { photo: PHOTO_LIMIT_BYTES });
    const { voice_clone_id: id } = voiceCloneId.parse(fields);
    if (!files.photo) throw badRequest('photo: Please choose a photo.');
    return ok(await services.voiceClones.setPhoto(user.id, id, files.photo));
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
