import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { noticeParams } from '@bops/shared/api/notice';

/** In-app notices of the signed-in person: the unread ones, and marking one read. */
export async function noticeRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  // Every answer is one person's and changes as they read: no cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/notices', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.notices.listUnread(user.id));
  });

  app.post('/api/notices/:noticeId/read', async (request) => {
    const user = await services.auth.requireUser(request);
    const { noticeId } = noticeParams.parse(request.params);
    return ok(await services.notices.markRead(user.id, noticeId));
  });
}
