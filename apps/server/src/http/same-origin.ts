import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the check decided, and for a refusal, why (for the log). */
export type OriginVerdict = { ok: true } | { ok: false; origin: string };

/**
 * CSRF protection for the cookie-authenticated API: a state-changing request must come from our own
 * pages. Browsers send Origin on every cross-origin and same-origin POST/PATCH/DELETE (and
 * Sec-Fetch-Site where Origin is absent), and a page on another site cannot forge either.
 */
export function checkOrigin(
  headers: FastifyRequest['headers'],
  allowedOrigins: ReadonlySet<string>,
): OriginVerdict {
  const origin = headers.origin;
  if (origin) return allowedOrigins.has(origin) ? { ok: true } : { ok: false, origin };
  const site = headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none' ? { ok: true } : { ok: false, origin: site };
  // No browser signals at all: a non-browser client, which carries no ambient cookies to abuse
  // unless it sends them itself.
  return headers.cookie ? { ok: false, origin: '(none)' } : { ok: true };
}

/**
 * The origins a request may come from. With PUBLIC_URL set, only that one (people are told to use it).
 * Without it, also the origin the request was made to: its own scheme, Host and port, which a page
 * elsewhere cannot claim, because the browser writes its own origin into Origin. The Host and scheme
 * come from X-Forwarded-Host/-Proto only when the request passed a trusted proxy (Fastify's trustProxy).
 */
export function allowedOriginsFor(
  request: FastifyRequest,
  options: { publicUrl: string; publicUrlSet: boolean },
): Set<string> {
  const allowed = new Set([new URL(options.publicUrl).origin]);
  if (!options.publicUrlSet) {
    try {
      allowed.add(new URL(`${request.protocol}://${request.host}`).origin);
    } catch {
      // A Host header that is no host adds nothing.
    }
  }
  return allowed;
}

/**
 * Every request with a state-changing method passes the check, whatever its path and however that path
 * is spelled (percent-encoded, doubled slashes, a trailing slash): the check never reads the path, so it
 * cannot disagree with the router about it. The auth library's own origin check stays on behind it.
 */
export function registerSameOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string; publicUrlSet: boolean },
): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const verdict = checkOrigin(request.headers, allowedOriginsFor(request, options));
    if (verdict.ok) return;
    if (options.publicUrlSet) {
      request.log.warn(
        { origin: verdict.origin, expected: publicOrigin },
        `refused a request from ${verdict.origin}: Bops answers at ${publicOrigin} (PUBLIC_URL)`,
      );
      throw new HttpError(
        403,
        `This request came from another address and was refused. Please open Bops at ${publicOrigin}.`,
        { code: 'WRONG_ORIGIN' },
      );
    }
    request.log.warn({ origin: verdict.origin }, `refused a request from ${verdict.origin}`);
    throw new HttpError(403, 'This request came from another site and was refused.', {
      code: 'WRONG_ORIGIN',
    });
  });
}
