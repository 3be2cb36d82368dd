import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { i18n } from './i18n/i18n.setup.ts';
import { ErrorBoundary } from './shell/error-boundary.tsx';
import { ThemeModeProvider } from './shell/theme-mode-provider.tsx';
import type { AppStore } from './store/store.ts';

/** Everything around the routes: store, texts, theme and the last-resort error screen. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeModeProvider>
          <ErrorBoundary>{children}</ErrorBoundary>
        </ThemeModeProvider>
      </I18nextProvider>
    </Provider>
  );
}
