import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../store/runtime-context.tsx';
import { identify, trackPageView } from './analytics.ts';

/** Spec §2: every route change sends a page view; a signed-in user is identified once (spec §7). */
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
