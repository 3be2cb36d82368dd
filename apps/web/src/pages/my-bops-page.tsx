import AddIcon from '@mui/icons-material/Add';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../navigation/route-paths.ts';
import { useAppSelector } from '../store/hooks.ts';
import { NotAvailableNotice } from './page-layout.tsx';

/**
 * The signed-in home (spec §2). The music detail, playlist and special-playlist routes show this same view; the
 * music list and player arrive with the music feature.
 */
export default function MyBopsPage({ view }: { view: 'home' | 'listen' | 'playlist' | 'special' }) {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.account.user);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} data-view={view}>
      <Box component="section" sx={{ textAlign: { xs: 'left', md: 'center' }, py: { xs: 2, md: 4 } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
          {t('pages.myBops.title')}
        </Typography>
        {user?.displayName && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {user.displayName}
          </Typography>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: { xs: 'flex-start', md: 'center' } }}>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.rapStep(1)}>
            {t('pages.myBops.create')}
          </Button>
          <Button variant="outlined" startIcon={<ShareIcon />} disabled>
            {t('pages.myBops.share')}
          </Button>
        </Stack>
      </Box>
      <NotAvailableNotice />
      <Box component="section" aria-labelledby="playlists-heading">
        <Typography id="playlists-heading" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('pages.myBops.playlists')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
          }}
        >
          {[t('pages.myBops.demo'), '', '', ''].map((title, index) => (
            <Box key={index}>
              <Skeleton
                variant="rounded"
                animation={false}
                sx={{ width: '100%', height: 'auto', aspectRatio: '1', transform: 'none' }}
              />
              <Typography sx={{ mt: 1 }}>{title || <Skeleton width="60%" animation={false} />}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Container>
  );
}
