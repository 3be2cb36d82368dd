import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { FullScreenSpinner } from '../shell/full-screen-spinner.tsx';
import { useSession } from '../runtime/runtime-context.tsx';
import { defaultSignedInPath, paths } from '../navigation/route-paths.ts';
import { locationToPath } from './redirect-target.ts';

/** Router state the guard hands to the sign-in page. */
export interface SignInRouteState {
  from: { pathname: string; search: string; hash: string };
  params: Record<string, string | undefined>;
}

/**
 * Protected routes render only for a signed-in account; anyone else is sent to sign in (history replaced) with the
 * requested location in `?next=` (survives reloads and the OAuth redirect) and, with its route params, in router state.
 */
export function RequireAuth() {
  const { authenticated, checked } = useSession();
  const location = useLocation();
  const params = useParams();
  if (authenticated) return <Outlet />;
  // A page may have rendered before the session check answered; this one waits for it (docs/PRODUCT.md#states).
  if (!checked) return <FullScreenSpinner />;
  const state: SignInRouteState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
    params: { ...params },
  };
  const next = new URLSearchParams({ next: locationToPath(location) }).toString();
  return <Navigate to={`${paths.signIn}?${next}`} replace state={state} />;
}

/** The landing pages are for visitors; a signed-in user goes to the signed-in home. */
export function RedirectSignedIn() {
  const { authenticated } = useSession();
  if (authenticated) return <Navigate to={defaultSignedInPath} replace />;
  return <Outlet />;
}

/** A route that both shows: one page for a signed-in account, another for a visitor (once the session is known). */
export function SignedInOr({ signedIn, visitor }: { signedIn: ReactNode; visitor: ReactNode }) {
  const { authenticated, checked } = useSession();
  if (authenticated) return signedIn;
  if (!checked) return <FullScreenSpinner />;
  return visitor;
}
