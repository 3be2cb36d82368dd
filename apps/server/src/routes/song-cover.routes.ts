import type { FastifyInstance } from 'fastify';
import { createSongCoverBody, SONG_COVER_LIMITS } from '@bops/shared';
import { recordCreatedMusic } from '../http/creation-cookie.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';

/** The cover form as multipart: its text fields and one song file, streamed to disk through its own cap. */
const songUpload = {
  files: { song: { maxBytes: SONG_COVER_LIMITS.maxSongBytes } },
  maxFields: 10,
  maxFieldBytes: 64 * 1024,
};

/** Song covers: made from a share link (JSON) or an uploaded song file (multipart), and what the form needs. */
export async function songCoverRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/music/song_cover/options', async (request) => {
    await services.auth.requireUser(request);
    return ok(services.songCovers.options());
  });

  app.post('/api/music/create_song_cover', async (request, reply) => {
    const user = await services.auth.requireUser(request);
    const result = request.isMultipart()
      ? // The received file is removed when this returns; the service keeps its own copy of an accepted song.
        await services.uploads.receive(request, user.id, songUpload, async ({ fields, files }) => {
          const song = files.song ? new Uint8Array(await files.song.read()) : null;
          return services.songCovers.create(user.id, createSongCoverBody.parse(fields), song);
        })
      : await services.songCovers.create(user.id, createSongCoverBody.parse(request.body ?? {}), null);
    recordCreatedMusic(request, reply, result.musicId, services.creation.cookiesSecure);
    return ok(result);
  });
}
