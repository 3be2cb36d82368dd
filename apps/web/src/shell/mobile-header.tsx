import { Suspense, useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isDetailRoute } from '../navigation/route-paths.ts';
import { useSession } from '../runtime/runtime-context.tsx';
import { AppLogo } from './app-logo.tsx';
import { backDestination } from './back-navigation.ts';
import { LazyNavDrawer, ProcessIndicatorSlot } from './lazy-overlays.ts';
import { ThemeModeMenu } from './theme-mode-menu.tsx';

/** Drawer button, or a back button on detail routes (docs/PRODUCT.md#screens-and-routes). */
export function MobileHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { authenticated } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const detail = isDetailRoute(location.pathname);
  return (
    <AppBar position="sticky" color="transparent" elevation={0} sx={{ bgcolor: 'background.default' }}>
      <Toolbar sx={{ gap: 1 }}>
        {detail ? (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('nav.back')}
            onClick={() => {
              const destination = backDestination(location.state, location.key, authenticated);
              if (destination === -1) void navigate(-1);
              else void navigate(destination);
            }}
          >
            <ArrowBackIcon />
          </IconButton>
        ) : (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('nav.openMenu')}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <AppLogo />
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center' }}>
          <ProcessIndicatorSlot />
          <ThemeModeMenu />
        </Box>
      </Toolbar>
      {!detail && drawerUsed && (
        <Suspense fallback={null}>
          <LazyNavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
