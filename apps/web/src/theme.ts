import { createTheme } from '@mui/material/styles';

/** The Bops palette (spec §9): lime on black. */
export const brand = {
  primary: '#CCFF66',
  secondary: '#f53300',
  background: '#000000',
  paper: '#292929',
  text: '#ffffff',
  textSecondary: '#e6e6e6',
  buttonRadius: 20,
} as const;

export const darkTheme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: brand.primary },
    secondary: { main: brand.secondary },
    background: { default: brand.background, paper: brand.paper },
    text: { primary: brand.text, secondary: brand.textSecondary },
  },
  components: {
    MuiButton: { styleOverrides: { root: { borderRadius: brand.buttonRadius, textTransform: 'none' } } },
  },
});
