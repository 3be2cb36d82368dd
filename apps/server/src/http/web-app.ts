import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler.ts';

export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '/';
  if (url.startsWith('/api/') || url === '/api') return false;
  // A missing asset (a file name with an extension) is a real 404, not a page.
  if (path.extname(url) !== '') return false;
  return true;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated so a new
 * release is picked up at once. Any other page path falls back to index.html (client-side routes).
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (wantsPage(request)) {
      if (!built) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The Bops web app is not built yet. Run "npm run build", then reload.');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const url = request.url.split('?')[0];
    return reply.status(404).send(errorBody(404, `There is nothing at ${request.method} ${url}.`));
  });
}
