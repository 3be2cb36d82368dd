import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../navigation/nav-items.ts';
import { navLinkProps } from './nav-link-props.ts';

/** The sub-menu of a header group (Create ▸ Voice cloning, Song cover, Rap). */
export function NavGroupMenu({
  id,
  item,
  authenticated,
  anchor,
  onClose,
}: {
  id: string;
  item: NavItem;
  authenticated: boolean;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {(item.children ?? []).map((child) => (
        <MenuItem key={child.id} {...navLinkProps(child, authenticated)} onClick={onClose}>
          <ListItemIcon>
            <child.icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(child.title)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
