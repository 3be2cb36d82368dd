import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import type { Services } from '../services/services.ts';
import {
  createPlaylistBody,
  listPlaylistsQuery,
  playlistParams,
  replaceMusicsBody,
  updatePlaylistBody,
} from '@bops/shared/api/playlist';

/** Playlists (docs/PRODUCT.md#api): list, read, create, change, delete, and the public share link. */
export async function playlistRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  // `timestamp` in the query only defeats caches on the way; we tell every cache not to keep these anyway.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const playlistIdOf = (request: FastifyRequest) => {
    const params = playlistParams.safeParse(request.params);
    if (!params.success) throw notFound('This playlist does not exist.');
    return params.data.playlistId;
  };

  app.get('/api/music/playlists', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.playlists.list(user.id, listPlaylistsQuery.parse(request.query ?? {})));
  });

  // docs/PRODUCT.md#validation: a playlist fetch without playlistId rejects with "missing playlistId".
  for (const path of ['/api/music/playlist', '/api/music/shared-playlist']) {
    app.get(path, async () => {
      throw badRequest('missing playlistId');
    });
  }

  app.get('/api/music/playlist/:playlistId', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.playlists.get(user.id, playlistIdOf(request)));
  });

  app.post('/api/music/playlist', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.playlists.create(user.id, createPlaylistBody.parse(request.body ?? {})));
  });

  app.patch('/api/music/playlist/v3/:playlistId', async (request) => {
    const user = await services.auth.requireUser(request);
    const { musicIds } = replaceMusicsBody.parse(request.body ?? {});
    return ok(await services.playlists.replaceMusics(user.id, playlistIdOf(request), musicIds));
  });

  app.patch('/api/music/playlist/:playlistId', async (request) => {
    const user = await services.auth.requireUser(request);
    const body = updatePlaylistBody.parse(request.body ?? {});
    return ok(await services.playlists.update(user.id, playlistIdOf(request), body));
  });

  app.delete('/api/music/playlist/:playlistId', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.playlists.remove(user.id, playlistIdOf(request)));
  });

  app.get('/api/music/shared-playlist/:playlistId', async (request) => {
    const viewer = await services.auth.currentUser(request);
    return ok(await services.playlists.shared(playlistIdOf(request), viewer?.id ?? null));
  });
}
