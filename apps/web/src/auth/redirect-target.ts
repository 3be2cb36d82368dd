import { paths } from '../navigation/route-paths.ts';

const probeOrigin = 'https://bops.invalid';

/**
 * Accepts only a path on our own origin as a place to go after sign-in, so a crafted link can't send a freshly
 * signed-in user elsewhere: it must start with a single "/" ("//host" and "/\host" are other hosts to a browser),
 * carry no backslashes or control characters, and resolve to our origin. Sign-in pages themselves are refused
 * (they would loop). Returns the normalised path, or null.
 */
export function sanitizeRedirectTarget(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin) return null;
  // Dot segments can leave a path that starts with "//" once normalised ("/.//host"), which is another host.
  if (url.pathname.startsWith('//')) return null;
  if (url.pathname === paths.signIn || url.pathname.startsWith(`${paths.signIn}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A location as the router hands it over. */
export interface RequestedLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export function locationToPath(location: RequestedLocation): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * Where to go after sign-in: the location the guard passed in router state, else the `next` query parameter
 * (survives a reload and the OAuth redirect), else the signed-in home.
 */
export function resolveSignInTarget(state: unknown, next: string | null, fallback: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (from && typeof from === 'object' && typeof (from as RequestedLocation).pathname === 'string') {
    const fromState = sanitizeRedirectTarget(locationToPath(from as RequestedLocation));
    if (fromState) return fromState;
  }
  return sanitizeRedirectTarget(next) ?? fallback;
}
