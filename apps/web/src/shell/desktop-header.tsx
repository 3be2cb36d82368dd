import { Suspense, useRef, useState } from 'react';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { mainNavItems, visibleNavItems, type NavItem } from '../navigation/nav-items.ts';
import { useSession } from '../runtime/runtime-context.tsx';
import { AppLogo } from './app-logo.tsx';
import { LazyNavGroupMenu, ProcessIndicatorSlot } from './lazy-overlays.ts';
import { navLinkProps } from './nav-link-props.ts';
import { useStickyHeader } from './sticky-header.ts';
import { ThemeModeMenu } from './theme-mode-menu.tsx';
import { useNavCommand } from './use-nav-command.ts';

function NavGroupButton({ item, authenticated }: { item: NavItem; authenticated: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `nav-menu-${item.id}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t(item.title)}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LazyNavGroupMenu
            id={menuId}
            item={item}
            authenticated={authenticated}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Logo, menu with sub-menus, process indicator; fixed to the top once scrolled past (docs/PRODUCT.md#screens-and-routes). */
export function DesktopHeader() {
  const { t } = useTranslation();
  const { authenticated } = useSession();
  const runCommand = useNavCommand();
  const ref = useRef<HTMLDivElement>(null);
  const sticky = useStickyHeader(ref);
  const items = visibleNavItems(mainNavItems, authenticated);
  return (
    <>
      <AppBar
        ref={ref}
        data-sticky={sticky ? 'true' : 'false'}
        data-testid="desktop-header"
        position={sticky ? 'fixed' : 'static'}
        color="transparent"
        elevation={sticky ? 4 : 0}
        sx={{ bgcolor: sticky ? 'background.paper' : 'transparent', backgroundImage: 'none' }}
      >
        <Toolbar sx={{ gap: 2, minHeight: 72 }}>
          <AppLogo />
          <Box
            component="nav"
            aria-label={t('nav.mainNavigation')}
            sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}
          >
            {items.map((item) =>
              item.children ? (
                <NavGroupButton key={item.id} item={item} authenticated={authenticated} />
              ) : (
                <Button
                  key={item.id}
                  color="inherit"
                  startIcon={<item.icon />}
                  {...navLinkProps(item, authenticated)}
                  onClick={item.command ? () => runCommand(item) : undefined}
                >
                  {t(item.title)}
                </Button>
              ),
            )}
          </Box>
          <ProcessIndicatorSlot />
          <ThemeModeMenu />
        </Toolbar>
      </AppBar>
      {/* Keeps the page from jumping up by the header's height when the header leaves the flow. */}
      {sticky && <Box aria-hidden sx={{ height: 72 }} />}
    </>
  );
}
