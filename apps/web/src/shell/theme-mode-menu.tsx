import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { LazyThemeModeMenuList } from './lazy-overlays.ts';
import { themeModeOptions } from './theme-mode-options.ts';
import { useThemeMode } from './theme-mode-provider.tsx';

/** Light, dark or system. */
export function ThemeModeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = themeModeOptions.find((entry) => entry.mode === mode) ?? themeModeOptions[1]!;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`${t('theme.label')}: ${t(current.label)}`}
        title={t('theme.label')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <current.Icon />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <LazyThemeModeMenuList
            anchor={anchor}
            mode={mode}
            onChoose={(next) => {
              setMode(next);
              setAnchor(null);
            }}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
