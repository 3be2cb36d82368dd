import { lazy, Suspense, useState } from 'react';
import Container from '@mui/material/Container';
import { withTexts } from '../i18n/i18n.setup.ts';
import { LandingContent } from '../landing/landing-content.tsx';
import { detectBrowserSupport } from '../platform/browser-detection.ts';

// Only the few browsers that need the notice load it (and the words it uses).
const BrowserSupportNotice = lazy(
  withTexts(() =>
    import('../music/browser-support-notice.tsx').then((module) => ({
      default: module.BrowserSupportNotice,
    })),
  ),
);

/** docs/PRODUCT.md#screens-and-routes: no service workers or Web Audio, or an in-app browser. */
function needsSupportNotice(): boolean {
  const support = detectBrowserSupport();
  return !support.serviceWorker || !support.webAudio || support.inAppBrowser !== null;
}

/** `/` for visitors (signed-in users are sent to their home by the route guard). */
export default function LandingPage() {
  const [notice] = useState(needsSupportNotice);
  return (
    <>
      {notice && (
        <Suspense fallback={null}>
          <Container maxWidth="md">
            <BrowserSupportNotice />
          </Container>
        </Suspense>
      )}
      <LandingContent eventPayload={{ contentName: 'landing' }} />
    </>
  );
}
