import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { generateLyricsBody } from '@bops/shared/api/lyrics';

export async function lyricsRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.post(
    '/api/music/generateLyrics/v3',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request) => {
      await services.auth.requireUser(request);
      const { lyrics } = await services.lyrics.write(generateLyricsBody.parse(request.body ?? {}));
      return ok(lyrics);
    },
  );
}
