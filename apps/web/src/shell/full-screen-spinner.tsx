import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown while the start-up check runs (docs/PRODUCT.md#screens-and-routes: "loading. please wait"). */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-busy="true"
      aria-label={t('app.loading')}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress color="primary" />
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {t('app.loading')}
        </Typography>
      </Box>
    </Box>
  );
}

/** Inside the shell, while a page's code arrives. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', py: 10 }}
      role="progressbar"
      aria-label={t('app.loading')}
    >
      <CircularProgress color="primary" />
    </Box>
  );
}
