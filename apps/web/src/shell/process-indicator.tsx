import { lazy, Suspense } from 'react';
import { useGetProcessCountQuery } from '../api/bops.api.ts';
import { useAppSelector } from '../store/hooks.ts';

// The badge and its tooltip load only once something is running.
const LazyProcessIndicatorView = lazy(() =>
  import('./process-indicator-view.tsx').then((module) => ({ default: module.ProcessIndicatorView })),
);

/** A running creation finishes in minutes; a quarter-minute poll keeps the badge honest without load. */
const pollIntervalMs = 15_000;

/** Fed by the server's count while signed in; the creation area holds it for the rest of the app. */
export function ProcessIndicator() {
  const authenticated = useAppSelector((state) => state.account.authenticated);
  useGetProcessCountQuery(undefined, { skip: !authenticated, pollingInterval: pollIntervalMs });
  const count = useAppSelector((state) => state.creation.processCount);
  if (!authenticated || count <= 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyProcessIndicatorView count={count} />
    </Suspense>
  );
}
