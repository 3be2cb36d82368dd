import { createAuthApi } from '../api/auth.api.ts';
import { watchPopup } from '../auth/popup-watch.ts';
import type { AppServices } from '../store/app-services.ts';

const popupFeatures = 'popup=yes,width=500,height=640';

/** The real browser behind the thunks' services. */
export function createBrowserServices(): AppServices {
  return {
    auth: createAuthApi(),
    openPopup: (url) => window.open(url, 'bops-sign-in', popupFeatures),
    waitForPopup: (popup) => watchPopup(popup),
    assignLocation: (url) => window.location.assign(url),
    storage: window.localStorage,
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  };
}
