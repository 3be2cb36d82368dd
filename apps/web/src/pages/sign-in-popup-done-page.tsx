import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { popupChannelName, type PopupMessage } from '../auth/popup-watch.ts';
import { defaultSignedInPath } from '../navigation/route-paths.ts';

/**
 * Where the provider returns the popup. Tells the opener how it went (same origin only), then closes. If this page
 * was opened some other way and can't close, a successful sign-in carries on into the app here.
 */
export default function SignInPopupDonePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const error = search.get('error');
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    const message: PopupMessage = error
      ? { type: 'bops-sign-in', ok: false, error }
      : { type: 'bops-sign-in', ok: true };
    try {
      window.opener?.postMessage(message, window.location.origin);
    } catch {
      // An opener on another origin can't be told; the channel below still reaches ours.
    }
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(popupChannelName);
      channel.postMessage(message);
      channel.close();
    }
    window.close();
    // Not cleared on unmount: this page is the end of the popup's life either way.
    window.setTimeout(() => {
      if (!error) window.location.replace(defaultSignedInPath);
    }, 1000);
  }, [error]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Typography>{error ? t('signIn.popupFailed') : t('signIn.popupDone')}</Typography>
    </Box>
  );
}
