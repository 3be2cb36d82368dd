import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAuthApi } from './api/auth.api.ts';
import { AppProviders } from './app.tsx';
import { withTexts } from './i18n/i18n.setup.ts';
import { AppRoutes } from './app-routes.tsx';
import { AppRuntime } from './runtime/app-runtime.ts';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const runtime = new AppRuntime({
  fetchSession: () => createAuthApi().getSession(),
  // The pages that use the store also use the rest of the words.
  loadStore: withTexts(() =>
    import('./runtime/store-handle.ts').then((module) => module.createBrowserStoreHandle()),
  ),
  hintStorage: browserStorage(),
});
// The session check starts with the script, alongside the page's own code rather than after it.
runtime.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders runtime={runtime}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
