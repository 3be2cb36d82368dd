import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createAuthApi } from '../api/auth.api.ts';
import { paths } from '../navigation/route-paths.ts';

/**
 * Opened by the sign-in page as a popup: asks the server for the provider's address (the server forces account
 * selection) and goes there; the provider sends the popup back to the "done" page, which reports to the opener.
 */
export default function SignInPopupPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const provider = search.get('provider');
    const fail = (code: string) => window.location.replace(`${paths.signInPopupDone}?error=${code}`);
    if (!provider) {
      fail('missing_provider');
      return;
    }
    createAuthApi()
      .signInOAuth2({
        providerId: provider,
        callbackURL: paths.signInPopupDone,
        errorCallbackURL: paths.signInPopupDone,
        disableRedirect: true,
      })
      .then(({ url }) => window.location.replace(url))
      .catch(() => fail('start_failed'));
  }, [search]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <CircularProgress />
        <Typography sx={{ mt: 2 }}>{t('signIn.popupStarting')}</Typography>
      </Box>
    </Box>
  );
}
