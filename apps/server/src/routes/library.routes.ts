import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { libraryQuery } from '@bops/shared/api/library';

/** A person's library: their own songs and playlists, searched and sorted (docs/ARCHITECTURE.md#songs-and-playlists). */
export async function libraryRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/music/library', async (request, reply) => {
    const user = await services.auth.requireUser(request);
    const query = libraryQuery.parse(request.query ?? {});
    reply.header('cache-control', 'no-store');
    return ok(await services.library.search(user.id, query));
  });
}
