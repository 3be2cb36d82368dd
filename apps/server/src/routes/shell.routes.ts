import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { crashReportBody } from '@bops/shared/api/shell';

/** Calls the app shell makes on every page: the process indicator and crash reports. */
export async function shellRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/api/music/processes', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok({ count: await services.shell.countCreationsInProgress(user.id) });
  });

  app.post(
    '/api/crash-reports',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const user = await services.auth.currentUser(request);
      await services.shell.recordCrash(user?.id ?? null, crashReportBody.parse(request.body ?? {}));
      return reply.status(201).send(ok({ received: true }, 201));
    },
  );
}
