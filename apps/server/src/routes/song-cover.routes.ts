import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSongCoverBody, SONG_COVER_LIMITS } from '@bops/shared';
import { ok } from '../http/envelope.ts';
import { HttpError } from '../http/http-error.ts';
import type { Services } from '../services/services.ts';

const SONG_FIELD = 'song';

/**
 * The cover form as multipart: its text fields and one song file, refused past the size cap (413) before
 * the rest of it is read. The file stays in memory only; nothing is written until the service accepts it.
 */
async function readSongForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let song: Uint8Array | null = null;
  for await (const part of request.parts({
    limits: { fileSize: SONG_COVER_LIMITS.maxSongBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
  })) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (file.fieldname !== SONG_FIELD) {
        file.file.resume();
        continue;
      }
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new HttpError(413, 'The song file is too large.');
      song = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, song };
}

/** Song covers: made from a share link (JSON) or an uploaded song file (multipart), and what the form needs. */
export async function songCoverRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/music/song_cover/options', async (request) => {
    await services.auth.requireUser(request);
    return ok(services.songCovers.options());
  });

  app.post('/api/music/create_song_cover', async (request) => {
    const user = await services.auth.requireUser(request);
    const form = request.isMultipart()
      ? await readSongForm(request)
      : { fields: request.body ?? {}, song: null };
    return ok(await services.songCovers.create(user.id, createSongCoverBody.parse(form.fields), form.song));
  });
}
