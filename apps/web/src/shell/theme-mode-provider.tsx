import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
// The system provider is what the material one uses for a theme without CSS variables (ours); the material one also
// carries the CSS-variables provider, which the first load then needn't.
import { ThemeProvider } from '@mui/system';
import { createBopsTheme } from '../theme.ts';
import { readThemeMode, resolvePaletteMode, writeThemeMode, type ThemeMode } from './theme-mode.ts';

interface ThemeModeContextValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Light, dark or system (following the device), kept in localStorage (docs/PRODUCT.md#screens-and-routes). */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readThemeMode(browserStorage()));
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const paletteMode = resolvePaletteMode(mode, prefersDark);
  const theme = useMemo(() => createBopsTheme(paletteMode), [paletteMode]);
  const setMode = useCallback((next: ThemeMode) => {
    writeThemeMode(browserStorage(), next);
    setModeState(next);
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        {/* Native controls (the recorder's audio preview, scrollbars) follow the mode: dark on the dark page. */}
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode needs a ThemeModeProvider above it.');
  return value;
}
