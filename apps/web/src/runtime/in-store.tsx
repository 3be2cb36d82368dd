import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import type { AppStore } from '../store/store.ts';

/** The store's context for a part of the page; loaded with the store, never before. */
export function InStore({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}

export function OutletInStore({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
