import { useState } from 'react';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from './theme-mode.ts';
import { useThemeMode } from './theme-mode-provider.tsx';

const modes: { mode: ThemeMode; label: string; Icon: typeof DarkModeIcon }[] = [
  { mode: 'light', label: 'theme.light', Icon: LightModeIcon },
  { mode: 'dark', label: 'theme.dark', Icon: DarkModeIcon },
  { mode: 'system', label: 'theme.system', Icon: SettingsBrightnessIcon },
];

export function ThemeModeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = modes.find((entry) => entry.mode === mode) ?? modes[1]!;
  return (
    <>
      <Tooltip title={t('theme.label')}>
        <IconButton
          color="inherit"
          aria-label={`${t('theme.label')}: ${t(current.label)}`}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {modes.map(({ mode: option, label, Icon }) => (
          <MenuItem
            key={option}
            selected={option === mode}
            onClick={() => {
              setMode(option);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
