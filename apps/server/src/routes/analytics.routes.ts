import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { analyticsBatchBody } from '@bops/shared/api/analytics';

export async function analyticsRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  // navigator.sendBeacon posts its JSON as text/plain; read it the same way.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    },
  );
  app.post(
    '/api/analytics/events',
    // A beacon holds at most 64 KB; a batch sent as JSON gets no more.
    { bodyLimit: 64 * 1024, config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      const user = await services.auth.currentUser(request);
      const stored = await services.analytics.record(analyticsBatchBody.parse(request.body ?? {}), {
        userId: user?.id ?? null,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return reply.status(202).send(ok({ stored }, 202));
    },
  );
}
