import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { themeModeOptions } from './theme-mode-options.ts';
import type { ThemeMode } from './theme-mode.ts';

export function ThemeModeMenuList({
  anchor,
  mode,
  onChoose,
  onClose,
}: {
  anchor: HTMLElement | null;
  mode: ThemeMode;
  onChoose: (mode: ThemeMode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {themeModeOptions.map(({ mode: option, label, Icon }) => (
        <MenuItem key={option} selected={option === mode} onClick={() => onChoose(option)}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(label)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
