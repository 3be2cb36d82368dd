import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createBopsTheme } from './theme.ts';

describe.each(['dark', 'light'] as const)('the %s theme', (mode) => {
  const { palette } = createBopsTheme(mode);

  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)(
    'writes on filled %s surfaces at 4.5:1 or better (WCAG AA for body text)',
    (colour) => {
      const { main, contrastText } = palette[colour];
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('writes its text on its background at 4.5:1 or better', () => {
    expect(getContrastRatio(palette.background.default, palette.text.primary)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.background.paper, palette.text.secondary)).toBeGreaterThanOrEqual(4.5);
  });
});
