import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { takedownBody } from '@bops/shared/api/takedown';

export async function takedownRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.post(
    '/api/takedown-notices',
    { config: { rateLimit: { max: 5, timeWindow: 60_000 } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await services.takedowns.submit(takedownBody.parse(request.body ?? {})), 201)),
  );
}
