import type { PaletteMode } from '../theme.ts';

export type ThemeMode = 'light' | 'dark' | 'system';

export const themeModeStorageKey = 'bops.theme-mode';
/** Bops is a dark product; a visitor who chose nothing gets dark. */
export const defaultThemeMode: ThemeMode = 'dark';

export function readThemeMode(storage: Pick<Storage, 'getItem'> | null): ThemeMode {
  try {
    const stored = storage?.getItem(themeModeStorageKey);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : defaultThemeMode;
  } catch {
    return defaultThemeMode;
  }
}

export function writeThemeMode(storage: Pick<Storage, 'setItem'> | null, mode: ThemeMode): void {
  try {
    storage?.setItem(themeModeStorageKey, mode);
  } catch (error) {
    // Private browsing can refuse storage; the choice then lasts for this page only.
    console.warn('The theme choice could not be stored.', error);
  }
}

export function resolvePaletteMode(mode: ThemeMode, devicePrefersDark: boolean): PaletteMode {
  if (mode === 'system') return devicePrefersDark ? 'dark' : 'light';
  return mode;
}
