import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../http/http-error.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** Prometheus metrics, for the operator's scraper only: absent without a token, bearer-protected with one. */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics | null; token: string | null },
): Promise<void> {
  app.get('/api/metrics', async (request, reply) => {
    if (!metrics || !token) throw notFound();
    if (!bearerMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'The metrics need the bearer token set in METRICS_TOKEN.');
    }
    const { contentType, body } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
