import { lazy, Suspense, use, type ComponentType } from 'react';
import { FullScreenSpinner } from '../shell/full-screen-spinner.tsx';
import type { AppStore } from '../store/store.ts';
import { useAppRuntime, useLoadedStore, useSession } from './runtime-context.tsx';

const LazyOutletInStore = lazy(() =>
  import('./in-store.tsx').then((module) => ({ default: module.OutletInStore })),
);

/**
 * A route layout for the pages that use the store: it loads the store (and the store's chunk) the first time one
 * of them is visited. The landing page is outside it, so a visitor's first load carries no store.
 */
export function StoreOutlet() {
  const { checked } = useSession();
  // The store starts from the session check's answer; these pages wait for it (docs/PRODUCT.md#states).
  if (!checked) return <FullScreenSpinner />;
  return <StoreOutletLoaded />;
}

function StoreOutletLoaded() {
  const runtime = useAppRuntime();
  const handle = runtime.handle ?? use(runtime.load());
  return <LazyOutletInStore store={handle.store} />;
}

/**
 * A part of the page that only matters once the store exists (a signed-in person's process count, the player):
 * it renders nothing until something else loaded the store, then loads its own code.
 */
export function storeSlot(importer: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => {
    const [{ InStore }, Inner] = await Promise.all([import('./in-store.tsx'), importer()]);
    function InStoreSlot({ store }: { store: AppStore }) {
      return (
        <InStore store={store}>
          <Inner />
        </InStore>
      );
    }
    return { default: InStoreSlot };
  });
  function StoreSlot() {
    const handle = useLoadedStore();
    if (!handle) return null;
    return (
      <Suspense fallback={null}>
        <Lazy store={handle.store} />
      </Suspense>
    );
  }
  return StoreSlot;
}
