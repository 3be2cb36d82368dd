import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { detectBrowserSupport } from '../platform/browser-detection.ts';

/** docs/PRODUCT.md#screens-and-routes: warns where playback may not work (no service workers or Web Audio, or an in-app browser). */
export function BrowserSupportNotice() {
  const { t } = useTranslation();
  const support = useMemo(() => detectBrowserSupport(), []);
  const missing = [
    !support.serviceWorker && t('browserNotice.serviceWorker'),
    !support.webAudio && t('browserNotice.webAudio'),
  ].filter((text): text is string => Boolean(text));
  if (missing.length === 0 && !support.inAppBrowser) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ my: 2 }} data-testid="browser-support-notice">
      <AlertTitle>{t('browserNotice.title')}</AlertTitle>
      {support.inAppBrowser
        ? t('browserNotice.inApp', { app: support.inAppBrowser })
        : t('browserNotice.missing', { features: missing.join(t('browserNotice.and')) })}
    </Alert>
  );
}
