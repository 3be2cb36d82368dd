import type { FastifyInstance } from 'fastify';
import { recordCreatedMusic } from '../http/creation-cookie.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/services.ts';
import { createMusicBody, taskParams } from '@bops/shared/api/creation';
import { musicParams } from '@bops/shared/api/music';
import { notFound } from '../http/http-error.ts';

export async function creationRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  app.get('/api/music/rapArtists/v3', async () => ok(services.creation.artists()));

  app.get('/api/music/mixMusicSelection_v2', async () => ok(services.creation.musicSelections()));

  app.get('/api/music/daily_allowance', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.creation.dailyAllowance(user.id));
  });

  app.post('/api/music/createMusic/v3', async (request, reply) => {
    const user = await services.auth.requireUser(request);
    const result = await services.creation.createRap(user, createMusicBody.parse(request.body ?? {}));
    recordCreatedMusic(request, reply, result.musicId, services.creation.cookiesSecure);
    return ok(result);
  });

  app.post('/api/music/another_take/:musicId', async (request, reply) => {
    const user = await services.auth.requireUser(request);
    const params = musicParams.safeParse(request.params);
    if (!params.success) throw notFound('This song does not exist.');
    const result = await services.creation.anotherTake(user, params.data.musicId);
    recordCreatedMusic(request, reply, result.musicId, services.creation.cookiesSecure);
    return ok(result);
  });

  app.get('/api/music/creations/:taskId', async (request) => {
    const user = await services.auth.requireUser(request);
    return ok(await services.creation.progress(user.id, taskParams.parse(request.params).taskId));
  });

  // Server-sent events: the task's progress until it completes or fails. Reads the database, so it
  // works whichever process renders.
  app.get('/api/music/creations/:taskId/events', async (request, reply) => {
    const user = await services.auth.requireUser(request);
    const { taskId } = taskParams.parse(request.params);
    let last = await services.creation.progress(user.id, taskId);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) =>
      out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send('progress', last);
    let closed = false;
    request.raw.on('close', () => (closed = true));
    let quietTicks = 0;
    while (!closed && last.status !== 'completed' && last.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const next = await services.creation.progress(user.id, taskId).catch(() => null);
      if (!next) break;
      if (next.status !== last.status || next.phase !== last.phase || next.progress !== last.progress) {
        send('progress', next);
        last = next;
        quietTicks = 0;
      } else if (++quietTicks % 30 === 0) {
        out.write(': still working\n\n');
      }
    }
    if (!closed) out.end();
  });
}
