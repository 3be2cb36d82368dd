import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for the cookie-authenticated API: a state-changing request must come from our own
 * pages. Browsers send Origin on every cross-origin and same-origin POST/PATCH/DELETE (and
 * Sec-Fetch-Site where Origin is absent), and a page on another site cannot forge either.
 */
export function isSameOriginRequest(request: FastifyRequest, allowedOrigins: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin) return allowedOrigins.has(origin);
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  // No browser signals at all: a non-browser client, which carries no ambient cookies to abuse
  // unless it sends them itself.
  return !request.headers.cookie;
}

export function registerSameOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const allowed = new Set([new URL(options.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // The auth library runs its own origin check (with its callback exceptions).
    if (request.url.startsWith('/api/auth/')) return;
    const selfOrigin = `${request.protocol}://${request.host}`;
    if (!isSameOriginRequest(request, allowed) && request.headers.origin !== selfOrigin) {
      throw new HttpError(403, 'This request came from another site and was refused.');
    }
  });
}
