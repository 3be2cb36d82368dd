import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n/i18n.setup.ts';
import { ErrorBoundary } from './shell/error-boundary.tsx';
import { ThemeModeProvider } from './shell/theme-mode-provider.tsx';
import type { AppRuntime } from './runtime/app-runtime.ts';
import { AppRuntimeContext } from './runtime/runtime-context.tsx';

/**
 * Everything around the routes: the runtime (session, and the store once loaded), texts, theme and the last-resort
 * error screen.
 */
export function AppProviders({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) {
  return (
    <AppRuntimeContext.Provider value={runtime}>
      <I18nextProvider i18n={i18n}>
        <ThemeModeProvider>
          <ErrorBoundary>{children}</ErrorBoundary>
        </ThemeModeProvider>
      </I18nextProvider>
    </AppRuntimeContext.Provider>
  );
}
