import { createTheme, type Theme } from '@mui/material/styles';

/** The Bops palette (docs/PRODUCT.md#constants): lime on black. */
export const brand = {
  primary: '#CCFF66',
  secondary: '#f53300',
  background: '#000000',
  paper: '#292929',
  text: '#ffffff',
  textSecondary: '#e6e6e6',
  buttonRadius: 20,
} as const;

export type PaletteMode = 'light' | 'dark';

/**
 * Text on a filled colour (a red "Delete forever" button) is black or white, whichever reads at WCAG AA's 4.5:1;
 * MUI's default of 3:1 put white on the dark theme's reds.
 */
const contrastThreshold = 4.5;

export function createBopsTheme(mode: PaletteMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: dark
      ? {
          mode: 'dark',
          contrastThreshold,
          primary: { main: brand.primary, contrastText: '#000000' },
          secondary: { main: brand.secondary },
          background: { default: brand.background, paper: brand.paper },
          text: { primary: brand.text, secondary: brand.textSecondary },
        }
      : {
          // Lime text on white is unreadable, so the light mode keeps lime for filled surfaces only and uses a
          // deep olive for primary text and outlines.
          mode: 'light',
          contrastThreshold,
          primary: { main: '#4a6b00', light: brand.primary, contrastText: '#ffffff' },
          secondary: { main: brand.secondary },
          background: { default: '#fafafa', paper: '#ffffff' },
        },
    components: {
      MuiButton: { styleOverrides: { root: { borderRadius: brand.buttonRadius, textTransform: 'none' } } },
    },
  });
}

export const darkTheme = createBopsTheme('dark');
export const lightTheme = createBopsTheme('light');
