import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { track, type EventPayload } from '../analytics/analytics.ts';
import {
  campaignKey,
  createInAppSessionId,
  inAppRedirectedKey,
  readCampaign,
  readInAppArrival,
  type Campaign,
} from '../landing/in-app-browser.ts';
import { detectBrowserContext } from '../platform/browser-detection.ts';
import { InAppBrowserModal } from '../landing/in-app-browser-modal.tsx';
import { LandingContent } from '../landing/landing-content.tsx';

function sessionValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage off: the values still hold for this page.
  }
}

/** The campaign of this link, or of the landing this visit started on. */
function captureCampaign(search: string): Campaign {
  const fresh = readCampaign(search);
  if (Object.keys(fresh).length > 0) {
    keep(campaignKey, JSON.stringify(fresh));
    return fresh;
  }
  try {
    return JSON.parse(sessionValue(campaignKey) ?? '{}') as Campaign;
  } catch {
    return {};
  }
}

/**
 * The social landing `/welcome` (docs/PRODUCT.md#screens-and-routes and #states): the landing content, the campaign of the link it was reached by, and
 * the in-app browser helper. Reached again through the helper's own link, it records the success, drops the
 * query string from the address and does not offer the helper again.
 */
export default function WelcomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => readInAppArrival(location.search));
  const [campaign] = useState(() => captureCampaign(location.search));
  const [context] = useState(() => detectBrowserContext(navigator.userAgent));
  const [sessionId] = useState(() => arrival?.sessionId || createInAppSessionId(new Date()));
  const [redirected] = useState(() => arrival !== null || sessionValue(inAppRedirectedKey) === 'true');
  const recorded = useRef(false);

  const eventPayload: EventPayload = { contentName: 'welcome', ...campaign };

  useEffect(() => {
    if (!arrival || recorded.current) return;
    recorded.current = true;
    keep(inAppRedirectedKey, 'true');
    track('inapp_landing_success', {
      ...eventPayload,
      source: arrival.source,
      device: arrival.device,
      platform: arrival.platform,
      session_id: arrival.sessionId,
      redirect_time: arrival.redirectTime,
      copy_time: arrival.copyTime,
    });
    void navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
    // Runs once for the arrival; the address it strips is the one it arrived with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onGetStarted = redirected
    ? () => track('inapp_get_started', { ...eventPayload, session_id: sessionId })
    : undefined;

  return (
    <>
      <LandingContent eventPayload={eventPayload} onGetStarted={onGetStarted} />
      {context.app && !redirected && (
        <InAppBrowserModal context={context} sessionId={sessionId} eventPayload={eventPayload} />
      )}
    </>
  );
}
