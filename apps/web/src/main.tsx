import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAuthApi } from './api/auth.api.ts';
import { AppProviders } from './app.tsx';
import { AppRoutes } from './app-routes.tsx';
import { AppRuntime } from './store/app-runtime.ts';

const runtime = new AppRuntime({
  fetchSession: () => createAuthApi().getSession(),
  loadStore: () => import('./store/store-handle.ts').then((module) => module.createBrowserStoreHandle()),
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
