import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import type { ThemeMode } from './theme-mode.ts';

export const themeModeOptions: { mode: ThemeMode; label: string; Icon: typeof DarkModeIcon }[] = [
  { mode: 'light', label: 'theme.light', Icon: LightModeIcon },
  { mode: 'dark', label: 'theme.dark', Icon: DarkModeIcon },
  { mode: 'system', label: 'theme.system', Icon: SettingsBrightnessIcon },
];
