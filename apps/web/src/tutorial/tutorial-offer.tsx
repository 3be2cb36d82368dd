import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../navigation/route-paths.ts';
import { showTutorialChanged } from '../store/account.slice.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { markTutorialSeen } from './tutorial-seen.ts';

/** After a first-time user signs in (showTutorial), offers the tutorial once, on whichever page they land. */
export function TutorialOffer() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const show = useAppSelector((state) => state.account.showTutorial && state.account.authenticated);
  if (!show || pathname === paths.tutorial) return null;
  const dismiss = () => {
    markTutorialSeen();
    dispatch(showTutorialChanged(false));
  };
  return (
    <Container maxWidth="md" sx={{ pt: 2 }}>
      <Alert
        severity="info"
        variant="outlined"
        data-testid="tutorial-offer"
        // On a phone the buttons take a line of their own under the text rather than squeezing into a column.
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-action': {
            width: { xs: '100%', sm: 'auto' },
            ml: { xs: 0, sm: 'auto' },
            pl: { xs: 0, sm: 2 },
            pt: { xs: 0, sm: 0.5 },
            justifyContent: 'flex-end',
          },
        }}
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={dismiss} sx={{ whiteSpace: 'nowrap' }}>
              {t('tutorial.offer.dismiss')}
            </Button>
            <Button
              variant="contained"
              size="small"
              component={RouterLink}
              to={paths.tutorial}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('tutorial.offer.open')}
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{t('tutorial.offer.title')}</AlertTitle>
        {t('tutorial.offer.body')}
      </Alert>
    </Container>
  );
}
