import { Suspense } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation } from 'react-router';
import { AnalyticsTracker } from '../analytics/analytics-tracker.tsx';
import { hasPlayerBackground } from '../navigation/route-paths.ts';
import { AppFooter } from './app-footer.tsx';
import { DesktopHeader } from './desktop-header.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageSpinner } from './full-screen-spinner.tsx';
import { TutorialOfferSlot } from './lazy-overlays.ts';
import { MobileHeader } from './mobile-header.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** A soft lime glow behind the player pages, like light from a stage. */
const playerBackground =
  'radial-gradient(ellipse at 50% -10%, rgba(204, 255, 102, 0.18), transparent 60%), radial-gradient(ellipse at 100% 100%, rgba(245, 51, 0, 0.12), transparent 55%)';

export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  const player = hasPlayerBackground(pathname);
  return (
    <Box
      data-player-background={player ? 'true' : 'false'}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        backgroundImage: player ? playerBackground : 'none',
        backgroundAttachment: 'fixed',
      }}
    >
      <ScrollToTop />
      <AnalyticsTracker />
      {desktop ? <DesktopHeader /> : <MobileHeader />}
      <Box component="main" id="main" sx={{ flex: 1, width: '100%' }}>
        <TutorialOfferSlot />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <AppFooter />
    </Box>
  );
}
