import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function shouldScrollToTop(navigationState: unknown): boolean {
  return (navigationState as { scrollTop?: unknown } | null)?.scrollTop !== false;
}

/** Each route change starts at the top, unless the navigation asked to keep the position (docs/PRODUCT.md#screens-and-routes). */
export function ScrollToTop() {
  const { pathname, key, state } = useLocation();
  useEffect(() => {
    if (shouldScrollToTop(state)) window.scrollTo(0, 0);
    // The key changes with every navigation; the path alone would miss going to the same page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, key]);
  return null;
}
