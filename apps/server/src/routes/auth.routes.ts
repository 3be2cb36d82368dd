import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.ts';
import { fetchHeadersOf } from '../services/auth.service.ts';
import type { Services } from '../services/services.ts';

/** Hands a Fastify request to the auth library as a Fetch request and copies its answer back. */
async function forwardToAuth(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // The auth library gets the path the router matched (decoded, empty segments dropped, each segment
  // encoded again), so its routing and rate limits and our account limit all read one spelling.
  const rest = String((request.params as { '*'?: string })['*'] ?? '')
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/');
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const url = new URL(`/api/auth/${rest}${query}`, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fetchHeadersOf(request);
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await services.auth.handle(
    new Request(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    }),
    request.body,
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
      reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: (request, reply) => forwardToAuth(services, request, reply),
  });
  app.get('/api/sign-in/methods', async () => ok(services.auth.signInMethods()));
}
