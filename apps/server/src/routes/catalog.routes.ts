import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { sendStoredFile } from '../http/send-stored-file.ts';
import { catalogKeys, type CatalogAssetKind } from '../services/catalog.service.ts';
import type { Services } from '../services/services.ts';
import { artistFileParams, musicFileParams } from '@bops/shared/api/catalog';

const catalogCache = 'public, max-age=86400';

/** The built-in catalogue (docs/PRODUCT.md#entities: beats under /audio/musics/{fileName}.mp3), open to everyone. */
export async function catalogRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  // A preview not stored yet is rendered for this request (docs/ARCHITECTURE.md#catalogue).
  const serve = async (
    asset: { kind: CatalogAssetKind; id: string; key: string },
    request: Parameters<typeof sendStoredFile>[0],
    reply: Parameters<typeof sendStoredFile>[1],
  ) => {
    if (
      !(await services.storage.stat(asset.key)) &&
      !(await services.catalog.renderOnDemand(asset.kind, asset.id))
    ) {
      reply.header('retry-after', '30');
      throw new HttpError(503, 'This sound is still being prepared. Please try again in a minute.');
    }
    return sendStoredFile(request, reply, services.storage, asset.key, { cacheControl: catalogCache });
  };

  app.get('/audio/musics/:file', async (request, reply) => {
    const parsed = musicFileParams.safeParse(request.params);
    if (!parsed.success) return reply.callNotFound();
    const [id, extension] = parsed.data.file.split('.') as [string, string];
    if (!services.creation.hasMusicSelection(id)) return reply.callNotFound();
    const key = extension === 'mp3' ? catalogKeys.musicAudio(id) : catalogKeys.musicCover(id);
    return serve({ kind: 'music-selection', id, key }, request, reply);
  });

  app.get('/audio/artists/:file', async (request, reply) => {
    const parsed = artistFileParams.safeParse(request.params);
    if (!parsed.success) return reply.callNotFound();
    const id = parsed.data.file.slice(0, -4);
    if (!services.creation.hasArtist(id)) return reply.callNotFound();
    return serve({ kind: 'artist-preview', id, key: catalogKeys.artistPreview(id) }, request, reply);
  });
}
