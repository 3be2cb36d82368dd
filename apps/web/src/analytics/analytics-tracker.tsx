import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks.ts';
import { identify, trackPageView } from './analytics.ts';

/** Spec §2: every route change sends a page view; a signed-in user is identified once (spec §7). */
export function AnalyticsTracker() {
  const { pathname } = useLocation();
  const userId = useAppSelector((state) => state.account.user?.id ?? null);
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  useEffect(() => {
    if (userId) identify(userId);
  }, [userId]);
  return null;
}
