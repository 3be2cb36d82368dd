import { useEffect, useRef } from 'react';
import AddIcon from '@mui/icons-material/Add';
import GridViewIcon from '@mui/icons-material/GridView';
import ShareIcon from '@mui/icons-material/Share';
import ViewListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGetMusicQuery, useGetPlaylistQuery, useGetPlaylistsQuery } from '../api/music.api.ts';
import { BrowserSupportNotice } from '../music/browser-support-notice.tsx';
import { LibrarySearch } from '../music/library-search.tsx';
import { PlaylistGallery } from '../music/playlist-gallery.tsx';
import { PlaylistView, isSpecialPlaylist } from '../music/playlist-view.tsx';
import { SongDetails } from '../music/song-details.tsx';
import { SongList } from '../music/song-list.tsx';
import { useShare } from '../music/use-share.tsx';
import { paths } from '../navigation/route-paths.ts';
import { NoticeList } from '../notices/notice-list.tsx';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { displayModeChanged, type DisplayMode } from '../store/music.slice.ts';
import { usePlayer, usePlayerState } from '../player/use-player.ts';

type HomeView = 'home' | 'listen' | 'playlist' | 'special';

/** The signed-in home (docs/PRODUCT.md#screens-and-routes). The playlist, song and special-playlist routes show this view with their part. */
export default function MyBopsPage({ view }: { view: HomeView }) {
  const { t } = useTranslation();
  const { playlistId, musicId } = useParams();
  const user = useAppSelector((state) => state.account.user);
  const { data: playlists } = useGetPlaylistsQuery();
  // "Welcome back" is for someone who has been here: a person with no song of their own yet is welcomed.
  const madeSongs = (playlists ?? []).some(
    (playlist) => playlist.createdBy === user?.id && playlist.numMusics > 0,
  );
  const { share, feedback } = useShare();
  const shareBops = () =>
    void share(
      { title: t('app.title'), text: t('app.slogan'), url: window.location.origin },
      { contentId: 'bops', contentName: t('app.title') },
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} data-view={view}>
      {feedback}
      <NoticeList />
      <Box component="section" sx={{ textAlign: { xs: 'left', md: 'center' }, py: { xs: 1, md: 3 }, mb: 3 }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3rem' } }}
        >
          {t('pages.myBops.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {!user?.displayName
            ? t('app.slogan')
            : t(madeSongs ? 'pages.myBops.greeting' : 'pages.myBops.firstGreeting', {
                name: user.displayName,
              })}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: { xs: 'flex-start', md: 'center' } }}>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.rapStep(1)}>
            {t('pages.myBops.create')}
          </Button>
          <Button variant="outlined" startIcon={<ShareIcon />} onClick={shareBops}>
            {t('pages.myBops.share')}
          </Button>
        </Stack>
      </Box>
      <BrowserSupportNotice />
      {view === 'playlist' && playlistId && <PlaylistPart playlistId={playlistId} />}
      {view === 'special' && playlistId && musicId && (
        <PlaylistPart playlistId={playlistId} musicId={musicId} />
      )}
      {view === 'listen' && musicId && <ListenPart musicId={musicId} />}
      <LibrarySearch />
      <PlaylistsPart selectedId={view === 'playlist' || view === 'special' ? playlistId : undefined} />
    </Container>
  );
}

/** Loads a song into the player (without starting it: browsers only play after a click) when a song route opens. */
function useLoadIntoPlayer(
  ready: boolean,
  request: { playlistId: string | null; musicIds: string[]; musicId: string; special: boolean },
) {
  const player = usePlayer();
  const currentId = usePlayerState((state) => state.musicId);
  const loadedFor = useRef<string | null>(null);
  const key = `${request.playlistId}/${request.musicId}`;
  useEffect(() => {
    if (!ready || loadedFor.current === key) return;
    loadedFor.current = key;
    if (currentId === request.musicId) return;
    player.start(request, { autoplay: false });
  });
}

function PlaylistPart({ playlistId, musicId }: { playlistId: string; musicId?: string }) {
  const { t } = useTranslation();
  const { data: playlist, isLoading, isError } = useGetPlaylistQuery(playlistId);
  const musicIds = playlist?.musics.filter((music) => music.src).map((music) => music.musicId) ?? [];
  useLoadIntoPlayer(Boolean(playlist && musicId && musicIds.includes(musicId)), {
    playlistId,
    musicIds,
    musicId: musicId ?? '',
    special: playlist ? isSpecialPlaylist(playlist) : false,
  });
  if (isLoading) return <Skeleton variant="rounded" height={220} sx={{ mb: 4 }} />;
  if (isError || !playlist)
    return (
      <Alert severity="error" sx={{ mb: 4 }}>
        {t('music.playlist.loadFailed')}
      </Alert>
    );
  return (
    <Box sx={{ mb: 5 }}>
      <PlaylistView playlist={playlist} onSignIn={() => undefined} highlightId={musicId} />
    </Box>
  );
}

function ListenPart({ musicId }: { musicId: string }) {
  const { t } = useTranslation();
  const { data: music, isLoading, isError } = useGetMusicQuery(musicId);
  useLoadIntoPlayer(Boolean(music?.src), { playlistId: null, musicIds: [musicId], musicId, special: false });
  if (isLoading) return <Skeleton variant="rounded" height={96} sx={{ mb: 4 }} />;
  if (isError || !music)
    return (
      <Alert severity="error" sx={{ mb: 4 }}>
        {t('music.loadFailed')}
      </Alert>
    );
  return (
    <Box component="section" aria-labelledby="song-page-title" sx={{ mb: 5 }}>
      <SongDetails music={music} headingId="song-page-title" heading="h2" />
      <SongList musics={[music]} playlist={{ id: null, special: false }} onSignIn={() => undefined} />
    </Box>
  );
}

function PlaylistsPart({ selectedId }: { selectedId: string | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.music.displayMode);
  const { data: playlists, isLoading, isError, refetch } = useGetPlaylistsQuery();
  return (
    <Box component="section" aria-labelledby="playlists-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="playlists-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {t('pages.myBops.playlists')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_event, value: DisplayMode | null) => value && dispatch(displayModeChanged(value))}
          aria-label={t('music.display.label')}
        >
          <ToggleButton value="gallery" aria-label={t('music.display.gallery')}>
            <GridViewIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label={t('music.display.list')}>
            <ViewListIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {isLoading ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' },
          }}
        >
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} variant="rounded" sx={{ aspectRatio: '1', height: 'auto' }} />
          ))}
        </Box>
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('signIn.retry')}
            </Button>
          }
        >
          {t('music.playlist.listFailed')}
        </Alert>
      ) : (
        <PlaylistGallery playlists={playlists ?? []} mode={mode} selectedId={selectedId} />
      )}
    </Box>
  );
}
