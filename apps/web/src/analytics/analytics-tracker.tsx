import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../runtime/runtime-context.tsx';
import { identify, trackPageView } from './analytics.ts';

/** docs/PRODUCT.md#screens-and-routes: every route change sends a page view; a signed-in user is identified once (docs/PRODUCT.md#api). */
export function AnalyticsTracker() {
  const { pathname } = useLocation();
  const { userId } = useSession();
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  useEffect(() => {
    if (userId) identify(userId);
  }, [userId]);
  return null;
}
