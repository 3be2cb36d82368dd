import { PHOTO_MAX_BYTES } from '@bops/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import { sendStoredFile } from '../http/send-stored-file.ts';
import type { Services } from '../services/services.ts';
import {
  COVER_PICTURE_FIELD,
  coverFileQuery,
  likeBody,
  musicFileKinds,
  musicParams,
  renameMusicBody,
  type MusicFileKind,
} from '@bops/shared/api/music';

/** Songs: reading, files (ranged audio and the rest), likes, listens and public share links. */
export async function musicRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  // The answers depend on who asks and change with every like or listen: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const viewerId = async (request: FastifyRequest) => (await services.auth.currentUser(request))?.id ?? null;
  const musicIdOf = (request: FastifyRequest) => {
    const params = musicParams.safeParse(request.params);
    if (!params.success) throw notFound('This song does not exist.');
    return params.data.musicId;
  };

  app.get('/api/music/getMusic/:musicId', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.music.get(user.id, musicIdOf(request)));
  });

  app.patch('/api/music/song/:musicId', async (request) => {
    const user = await services.auth.requireUser(request);
    const { musicName } = renameMusicBody.parse(request.body ?? {});
    return ok(await services.music.rename(user.id, musicIdOf(request), musicName));
  });

  app.delete('/api/music/song/:musicId', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.music.remove(user.id, musicIdOf(request)));
  });

  // The owner's own cover picture: received, checked and capped as a profile photo is.
  app.post('/api/music/song/:musicId/cover', async (request) => {
    const user = await services.auth.requireUser(request);
    const musicId = musicIdOf(request);
    const upload = { files: { [COVER_PICTURE_FIELD]: { maxBytes: PHOTO_MAX_BYTES } }, maxFields: 2 };
    return services.uploads.receive(request, user.id, upload, async ({ files }) => {
      const picture = files[COVER_PICTURE_FIELD];
      if (!picture) throw badRequest(`Please send the picture in the field "${COVER_PICTURE_FIELD}".`);
      return ok(await services.music.setCoverPicture(user.id, musicId, await picture.read()));
    });
  });

  app.delete('/api/music/song/:musicId/cover', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.music.clearCoverPicture(user.id, musicIdOf(request)));
  });

  app.post('/api/music/social/like/:musicId', async (request) => {
    const user = await services.auth.requireUser(request);
    const { count } = likeBody.parse(request.body ?? {});
    return ok(await services.music.like(user.id, musicIdOf(request), count));
  });

  // Listens count once per listener and song in a window (MusicService.view); the limit bounds how fast a
  // visitor's network can write at all. Signed-in people are keyed by account, visitors by address.
  app.post(
    '/api/music/social/view/:musicId',
    {
      config: {
        rateLimit: {
          keyGenerator: async (request: FastifyRequest) => {
            const user = await services.auth.currentUser(request);
            return user ? `u:${user.id}` : `a:${request.ip}`;
          },
          max: (_request: FastifyRequest, key: string) => (key.startsWith('u:') ? 600 : 60),
          timeWindow: 60_000,
        },
      },
    },
    async (request) => {
      const userId = await viewerId(request);
      const listener = userId ? { userId } : { userId: null, address: request.ip };
      return ok(await services.music.view(listener, musicIdOf(request)));
    },
  );

  // A song's share link (docs/PRODUCT.md#api). A browser opening it is sent to the song's page in the app.
  app.get('/api/music/shared/:musicId', async (request, reply) => {
    const song = await services.music.shared(musicIdOf(request), await viewerId(request));
    if (wantsHtml(request)) return reply.redirect(`/listen/${encodeURIComponent(song.musicId)}`, 303);
    return ok(song);
  });

  for (const file of musicFileKinds) {
    app.get(`/api/music/:musicId/${file}`, (request, reply) => sendMusicFile(services, request, reply, file));
  }
}

async function sendMusicFile(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: MusicFileKind,
): Promise<FastifyReply> {
  const params = musicParams.safeParse(request.params);
  if (!params.success) throw notFound('This song does not exist.');
  const viewer = await services.auth.currentUser(request);
  const { v: version } = coverFileQuery.parse(request.query ?? {});
  const file = await services.music.file(viewer?.id ?? null, params.data.musicId, kind, {
    ...(version ? { version } : {}),
  });
  if (file.kind === 'text') {
    return reply.header('cache-control', file.cacheControl).type('text/plain; charset=utf-8').send(file.text);
  }
  return sendStoredFile(request, reply, services.storage, file.key, {
    cacheControl: file.cacheControl,
    ...(file.downloadName ? { downloadName: file.downloadName } : {}),
  });
}

/** A person's browser (or a link-preview fetcher) rather than the web app's API client. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}
