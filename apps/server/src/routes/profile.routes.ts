import { PHOTO_MAX_BYTES } from '@bops/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/http-error.ts';
import { sendStoredFile } from '../http/send-stored-file.ts';
import type { Services } from '../services/services.ts';
import { photoParams, updateProfileBody } from '@bops/shared/api/profile';

export async function profileRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/user/bops_profile', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.profile.get(user.id));
  });

  app.post('/api/user/bops_profile/update', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.profile.update(user.id, updateProfileBody.parse(request.body ?? {})));
  });

  app.post('/api/user/bops_profile/photo', async (request) => {
    const user = await services.auth.requireUser(request);
    const upload = { files: { photo: { maxBytes: PHOTO_MAX_BYTES } }, maxFields: 2 };
    return services.uploads.receive(request, user.id, upload, async ({ files }) => {
      if (!files.photo) throw badRequest('Please send the photo in the field "photo".');
      return ok(await services.profile.setPhoto(user.id, await files.photo.read()));
    });
  });

  // Profile photos are shown beside public songs, so any visitor may load them; the names are unguessable.
  app.get('/api/user/photos/:userId/:file', async (request, reply) => {
    const params = photoParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    return sendStoredFile(
      request,
      reply,
      services.storage,
      services.profile.photoKey(params.data.userId, params.data.file),
      {
        cacheControl: 'public, max-age=31536000, immutable',
      },
    );
  });
}
