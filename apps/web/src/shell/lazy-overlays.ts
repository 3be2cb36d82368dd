import { lazy } from 'react';
import { storeSlot } from '../runtime/store-slot.tsx';

/**
 * Drawers, menus and tooltips only matter once someone opens them, and they bring the popup positioning and focus
 * trapping code with them; loading them on demand keeps that out of the landing page's first load.
 */
export const LazyNavDrawer = lazy(() =>
  import('./nav-drawer.tsx').then((module) => ({ default: module.NavDrawer })),
);
export const LazyNavGroupMenu = lazy(() =>
  import('./nav-group-menu.tsx').then((module) => ({ default: module.NavGroupMenu })),
);
export const LazyThemeModeMenuList = lazy(() =>
  import('./theme-mode-menu-list.tsx').then((module) => ({ default: module.ThemeModeMenuList })),
);

/** The process count and the tutorial offer are for a signed-in person, whose store is loaded at start-up. */
export const ProcessIndicatorSlot = storeSlot(() =>
  import('./process-indicator.tsx').then((module) => module.ProcessIndicator),
);
export const TutorialOfferSlot = storeSlot(() =>
  import('../tutorial/tutorial-offer.tsx').then((module) => module.TutorialOffer),
);
