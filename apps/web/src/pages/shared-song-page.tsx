import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useGetSharedMusicQuery } from '../api/music.api.ts';
import { BrowserSupportNotice } from '../music/browser-support-notice.tsx';
import { SongDetails } from '../music/song-details.tsx';
import { SongList } from '../music/song-list.tsx';
import { paths } from '../navigation/route-paths.ts';
import { usePlayer, usePlayerState } from '../player/use-player.ts';
import { VisitorInvite } from '../music/visitor-invite.tsx';

/**
 * A public song for a visitor opening its share link (`/listen/{musicId}`): its page (cover, credits, counts,
 * waveform, lyrics) and the song in the player ready to play. Liking or keeping it asks them to sign in; a private or unknown
 * song says only that it cannot be heard.
 */
export default function SharedSongPage() {
  const { t } = useTranslation();
  const { musicId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const player = usePlayer();
  const currentId = usePlayerState((state) => state.musicId);
  const { data: music, isLoading, isError } = useGetSharedMusicQuery(musicId);
  const signIn = () =>
    navigate(`${paths.signIn}?${new URLSearchParams({ next: location.pathname, shared: '1' }).toString()}`);

  const playable = Boolean(music?.src);
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    // Loaded once per opened song, without playing: browsers start sound only after the visitor presses
    // play, and what they then choose in the player stays theirs.
    if (!playable || loadedFor.current === musicId) return;
    loadedFor.current = musicId;
    if (currentId === musicId) return;
    player.start({ playlistId: null, musicIds: [musicId], musicId }, { autoplay: false });
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <BrowserSupportNotice />
      {isLoading ? (
        <Skeleton variant="rounded" height={260} />
      ) : isError || !music ? (
        <>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
            {t('pages.sharedSong.title')}
          </Typography>
          <Alert severity="info">{t('music.shared.songUnavailable')}</Alert>
        </>
      ) : (
        <Box component="section" aria-labelledby="shared-song-title">
          <Typography variant="overline" color="text.secondary">
            {t('pages.sharedSong.title')}
          </Typography>
          <SongDetails music={music} headingId="shared-song-title" />
          <SongList musics={[music]} playlist={{ id: null, special: false }} onSignIn={signIn} />
        </Box>
      )}
      <VisitorInvite onSignIn={signIn} />
    </Container>
  );
}
