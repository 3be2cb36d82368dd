import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app.tsx';
import { AppRoutes } from './app-routes.tsx';
import { createBrowserServices } from './store/app-services.ts';
import { createAppStore } from './store/store.ts';

const store = createAppStore(createBrowserServices());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
