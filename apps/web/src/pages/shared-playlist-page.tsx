import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useGetSharedPlaylistQuery } from '../api/music.api.ts';
import { BrowserSupportNotice } from '../music/browser-support-notice.tsx';
import { PlaylistView } from '../music/playlist-view.tsx';
import { paths } from '../navigation/route-paths.ts';
import { useAppSelector } from '../store/hooks.ts';
import { VisitorInvite } from '../music/visitor-invite.tsx';

/** A public playlist for anyone with its link: visitors listen without an account and sign in to like or save. */
export default function SharedPlaylistPage() {
  const { t } = useTranslation();
  const { playlistId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const { data: playlist, isLoading, isError } = useGetSharedPlaylistQuery(playlistId);
  const signIn = () =>
    navigate(`${paths.signIn}?${new URLSearchParams({ next: location.pathname, shared: '1' }).toString()}`);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BrowserSupportNotice />
      {isLoading ? (
        <Skeleton variant="rounded" height={260} />
      ) : isError || !playlist ? (
        <>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
            {t('pages.shared.title')}
          </Typography>
          <Alert severity="info">{t('music.shared.unavailable')}</Alert>
        </>
      ) : (
        <PlaylistView playlist={playlist} onSignIn={signIn} headingLevel="h1" />
      )}
      {!authenticated && <VisitorInvite onSignIn={signIn} />}
    </Container>
  );
}
