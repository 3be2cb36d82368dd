import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../navigation/route-paths.ts';

/** Under a shared song or playlist: what an account adds, with sign-in and "make your own". */
export function VisitorInvite({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mt: 5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography color="text.secondary">{t('music.shared.visitorHint')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={onSignIn}>
          {t('music.shared.signIn')}
        </Button>
        <Button variant="contained" component={RouterLink} to={paths.landing}>
          {t('music.shared.makeYourOwn')}
        </Button>
      </Stack>
    </Stack>
  );
}
