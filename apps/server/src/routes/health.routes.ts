import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';

export async function healthRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const health = await services.health.check();
    const statusCode = health.status === 'ok' ? 200 : 503;
    return reply.status(statusCode).send(ok(health, statusCode));
  });
}
