import { useCallback, useState } from 'react';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { track } from '../analytics/analytics.ts';
import { copyText, noTextMessage } from '../platform/clipboard.ts';
import { isMobileBrowser } from '../platform/browser-detection.ts';
import type { SharePayload } from './share-link.ts';

/**
 * docs/PRODUCT.md#api: phones get the browser's share sheet; desktops (and phones without one) copy the link. Returns the
 * share action and the little message that confirms a copy.
 */
export function useShare() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);

  const share = useCallback(
    async (payload: SharePayload, content: { contentId: string; contentName: string }) => {
      if (isMobileBrowser(navigator.userAgent) && typeof navigator.share === 'function') {
        try {
          await navigator.share(payload);
          track('mobile_share', content);
          return;
        } catch (error) {
          // The person closed the sheet: nothing more to do.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      try {
        await copyText(payload.url);
        track('desktop_share', content);
        setMessage(t('music.share.copied'));
      } catch (error) {
        setMessage(
          error instanceof Error && error.message === noTextMessage
            ? t('music.share.noText')
            : t('music.share.copyFailed'),
        );
      }
    },
    [t],
  );

  const feedback = (
    <Snackbar
      open={message !== null}
      autoHideDuration={4000}
      onClose={() => setMessage(null)}
      message={message}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
  return { share, feedback };
}
