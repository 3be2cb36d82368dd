import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.setup.ts';
import { brand } from '../theme.ts';
import { readThemeMode, resolvePaletteMode, themeModeStorageKey, writeThemeMode } from './theme-mode.ts';
import { ThemeModeProvider } from './theme-mode-provider.tsx';
import { ThemeModeMenu } from './theme-mode-menu.tsx';

/** A matchMedia double whose dark-scheme answer the test can flip. */
function stubDevicePreference(initialDark: boolean) {
  let dark = initialDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query.includes('prefers-color-scheme: dark') ? dark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    })),
  );
  return (nextDark: boolean) => {
    dark = nextDark;
    for (const listener of listeners) listener({ matches: nextDark } as MediaQueryListEvent);
  };
}

function PaletteProbe() {
  const theme = useTheme();
  return <output data-testid="palette">{`${theme.palette.mode} ${theme.palette.background.default}`}</output>;
}

function renderWithMenu() {
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeModeProvider>
        <ThemeModeMenu />
        <PaletteProbe />
      </ThemeModeProvider>
    </I18nextProvider>,
  );
}

describe('theme mode storage', () => {
  it('reads a stored choice and defaults to dark otherwise', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    };
    expect(readThemeMode(store)).toBe('dark');
    writeThemeMode(store, 'light');
    expect(storage.get(themeModeStorageKey)).toBe('light');
    expect(readThemeMode(store)).toBe('light');
    storage.set(themeModeStorageKey, 'purple');
    expect(readThemeMode(store)).toBe('dark');
    expect(
      readThemeMode({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('dark');
  });

  it('resolves system from the device preference', () => {
    expect(resolvePaletteMode('system', true)).toBe('dark');
    expect(resolvePaletteMode('system', false)).toBe('light');
    expect(resolvePaletteMode('light', true)).toBe('light');
    expect(resolvePaletteMode('dark', false)).toBe('dark');
  });
});

describe('ThemeModeProvider', () => {
  it('starts dark with the Bops palette', () => {
    stubDevicePreference(false);
    renderWithMenu();
    expect(screen.getByTestId('palette').textContent).toBe(`dark ${brand.background}`);
  });

  it('keeps the chosen mode in localStorage across a remount', async () => {
    stubDevicePreference(true);
    const user = userEvent.setup();
    const first = renderWithMenu();
    await user.click(screen.getByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Light' }));
    expect(window.localStorage.getItem(themeModeStorageKey)).toBe('light');
    expect(screen.getByTestId('palette').textContent).toMatch(/^light/);
    first.unmount();
    renderWithMenu();
    expect(screen.getByTestId('palette').textContent).toMatch(/^light/);
  });

  it('follows the device in system mode, also when the device changes', async () => {
    const setDeviceDark = stubDevicePreference(false);
    window.localStorage.setItem(themeModeStorageKey, 'system');
    renderWithMenu();
    expect(screen.getByTestId('palette').textContent).toMatch(/^light/);
    act(() => setDeviceDark(true));
    expect(screen.getByTestId('palette').textContent).toMatch(/^dark/);
  });
});
