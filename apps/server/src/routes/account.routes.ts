import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/http-error.ts';
import type { Services } from '../services/services.ts';
import { DELETE_CONFIRMATION_MESSAGE } from '../services/account.service.ts';
import { deleteAccountBody } from '@bops/shared/api/account';

/** A person's own data: export it, or close the account with everything in it. */
export async function accountRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/user/export', async (request, reply) => {
    const user = await services.auth.requireUser(request);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="bops-export-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(await services.account.exportZip(user.id));
  });

  app.post('/api/user/delete_account', async (request) => {
    const user = await services.auth.requireUser(request);
    const body = deleteAccountBody.safeParse(request.body ?? {});
    if (!body.success) throw badRequest(DELETE_CONFIRMATION_MESSAGE);
    await services.account.deleteAccount(user.id, body.data.confirmation);
    return ok({ deleted: true });
  });
}
