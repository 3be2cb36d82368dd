import { Fragment, useState } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { drawerNavGroups, type NavItem } from '../navigation/nav-items.ts';
import { useSession } from '../runtime/runtime-context.tsx';
import { AppLogo } from './app-logo.tsx';
import { navLinkProps } from './nav-link-props.ts';
import { useNavCommand } from './use-nav-command.ts';

/** docs/PRODUCT.md#constants. */
export const drawerWidthPx = 250;

function DrawerEntry({
  item,
  depth,
  authenticated,
  onNavigate,
}: {
  item: NavItem;
  depth: number;
  authenticated: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const runCommand = useNavCommand();
  const [open, setOpen] = useState(true);
  if (item.children) {
    return (
      <>
        <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} sx={{ pl: 2 + depth * 2 }}>
          <ListItemIcon>
            <item.icon />
          </ListItemIcon>
          <ListItemText primary={t(item.title)} />
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </ListItemButton>
        <Collapse in={open} unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <DrawerEntry
                key={child.id}
                item={child}
                depth={depth + 1}
                authenticated={authenticated}
                onNavigate={onNavigate}
              />
            ))}
          </List>
        </Collapse>
      </>
    );
  }
  return (
    <ListItemButton
      {...navLinkProps(item, authenticated)}
      onClick={() => {
        if (item.command) runCommand(item);
        onNavigate();
      }}
      sx={{ pl: 2 + depth * 2 }}
    >
      <ListItemIcon>
        <item.icon />
      </ListItemIcon>
      <ListItemText primary={t(item.title)} />
    </ListItemButton>
  );
}

/** The mobile menu: a 250 px drawer with the main navigation and the legal pages as nested groups. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { authenticated } = useSession();
  const groups = drawerNavGroups(authenticated);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: drawerWidthPx }, 'aria-label': t('nav.mainNavigation') } }}
    >
      <Box sx={{ p: 2 }} onClick={onClose}>
        <AppLogo />
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.mainNavigation')}>
        {groups.map((items, index) => (
          <Fragment key={index}>
            {index > 0 && <Divider />}
            <List>
              {items.map((item) => (
                <DrawerEntry
                  key={item.id}
                  item={item}
                  depth={0}
                  authenticated={authenticated}
                  onNavigate={onClose}
                />
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
    </Drawer>
  );
}
