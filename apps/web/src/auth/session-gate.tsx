import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAppRuntime, useSession } from '../runtime/runtime-context.tsx';
import { FullScreenSpinner } from '../shell/full-screen-spinner.tsx';

/**
 * Start-up (docs/PRODUCT.md#states): nothing renders until the session check has answered, so the guard never judges a signed-in
 * user as a visitor. A visitor's check needs no store; a signed-in person's profile is loaded before rendering.
 */
export function SessionGate() {
  const runtime = useAppRuntime();
  const { ready } = useSession();
  useEffect(() => {
    runtime.start();
  }, [runtime]);
  if (!ready) return <FullScreenSpinner />;
  return <Outlet />;
}
