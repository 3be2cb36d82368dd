import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from '../services/health.service.ts';
import { ok } from './envelope.ts';
import { errorBody } from './error-handler.ts';

/** Fastify's own keep-alive default: longer than the usual proxy's idle timeout, so a proxy never races it. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface HttpFront {
  /** From now on every request goes to the app. */
  serve(app: FastifyInstance): void;
  /** Resolves when no health check is being answered here (start-up then loads its next module). */
  idle(): Promise<void>;
  /**
   * Resolves after `ms`, or at once when a request other than a health check is waiting for the app: the moment
   * just after listening goes to whoever polls health, unless someone needs the app itself.
   */
  pause(ms: number): Promise<void>;
  /** Start-up failed: requests still waiting get a 503 instead of hanging. */
  fail(): void;
  /** Stops accepting connections; resolves once the open ones have finished. */
  close(): Promise<void>;
}

/**
 * The HTTP server, listening as soon as the database, storage and job queue are up, while the rest of Bops (sign-in,
 * the services, the routes) is still loading. Until the app is ready it answers `/api/health` itself from the same
 * checks (the parts it reports are all there), and holds every other request until the app can take it: nothing is
 * refused during start-up, it only waits a moment.
 */
export async function listenEarly(options: {
  host: string;
  port: number;
  health: Pick<HealthService, 'check'>;
}): Promise<HttpFront> {
  let app: FastifyInstance | null = null;
  let failed = false;
  const held: Array<() => void> = [];
  let checking = 0;
  const whenIdle: Array<() => void> = [];
  let wanted: (() => void) | null = null;

  const server = http.createServer((request, response) => {
    if (app) return app.routing(request, response);
    if (failed)
      return answer(response, 503, errorBody(503, 'Bops could not start. Please try again in a minute.'));
    const pathname = (request.url ?? '/').split('?')[0];
    if ((request.method === 'GET' || request.method === 'HEAD') && pathname === '/api/health') {
      checking++;
      void options.health
        .check()
        .then(
          (health) => {
            const statusCode = health.status === 'ok' ? 200 : 503;
            answer(response, statusCode, ok(health, statusCode), request.method === 'HEAD');
          },
          () => answer(response, 503, errorBody(503, 'Bops could not check its health.')),
        )
        .finally(() => {
          if (--checking === 0) for (const resolve of whenIdle.splice(0)) resolve();
        });
      return;
    }
    wanted?.();
    held.push(() => {
      if (app) app.routing(request, response);
      else answer(response, 503, errorBody(503, 'Bops could not start. Please try again in a minute.'));
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const release = () => {
    for (const next of held.splice(0)) next();
  };
  let closing: Promise<void> | null = null;
  return {
    idle: () => (checking === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenIdle.push(resolve))),
    pause: (ms) =>
      held.length > 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              wanted = null;
              resolve();
            }, ms);
            wanted = () => {
              clearTimeout(timer);
              wanted = null;
              resolve();
            };
          }),
    serve(ready) {
      app = ready;
      release();
    },
    fail() {
      failed = true;
      release();
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Connections idle on keep-alive would hold the close open for over a minute.
        server.closeIdleConnections();
      })),
  };
}

function answer(response: http.ServerResponse, statusCode: number, body: unknown, headOnly = false): void {
  const json = JSON.stringify(body);
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(headOnly ? undefined : json);
}
