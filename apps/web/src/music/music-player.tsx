import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import RepeatIcon from '@mui/icons-material/Repeat';
import RepeatOneIcon from '@mui/icons-material/RepeatOne';
import ShareIcon from '@mui/icons-material/Share';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { track } from '../analytics/analytics.ts';
import { useLocation, useNavigate } from 'react-router';
import { useLikeMusicMutation, useViewMusicMutation } from '../api/music.api.ts';
import type { MusicItem } from '@bops/shared';
import { paths } from '../navigation/route-paths.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import {
  nextRequested,
  playerClosed,
  playerOpened,
  playingChanged,
  previousRequested,
  repeatChanged,
  repeatSingleChanged,
  shuffleChanged,
  trackEnded,
} from '../store/music.slice.ts';
import { AddToPlaylistDialog } from './add-to-playlist-dialog.tsx';
import { CoverImage } from './cover-image.tsx';
import { formatCount, formatDuration, truncateText } from './music-format.ts';
import { shortcutFor, type PlayerCommand } from './player-shortcuts.ts';
import { musicShareLink } from './share-link.ts';
import { SyncedLyrics } from './synced-lyrics.tsx';
import { useMusicItem } from './use-current-music.ts';
import { useMediaSession } from './use-media-session.ts';
import { useShare } from './use-share.tsx';

const volumeKey = 'bops.player-volume';
/** Previous restarts the song instead of going back once this far in (what every music player does). */
const restartAfterSeconds = 3;
export const PLAYER_BAR_HEIGHT = 88;

function readVolume(): number {
  try {
    const stored = Number(window.localStorage.getItem(volumeKey));
    return window.localStorage.getItem(volumeKey) !== null && stored >= 0 && stored <= 1 ? stored : 1;
  } catch {
    return 1;
  }
}

type RepeatMode = 'off' | 'all' | 'one';

/** The persistent player: a bar at the bottom of every page and a full-screen view with synced lyrics. */
export default function MusicPlayer() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useAppSelector((state) => state.music.currentMusic);
  const queue = useAppSelector((state) => state.music.queue);
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const { data: loaded, isError } = useMusicItem(current.musicId);
  // A song from the previous request stays on screen only while it is the one asked for.
  const music = loaded && loaded.musicId === current.musicId ? loaded : undefined;
  const [like] = useLikeMusicMutation();
  const [countView] = useViewMusicMutation();
  const { share, feedback } = useShare();

  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [dragging, setDragging] = useState<number | null>(null);
  const [volume, setVolume] = useState(readVolume);
  const [muted, setMuted] = useState(false);
  const [adding, setAdding] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const countedPlay = useRef(-1);

  const src = music?.src ?? '';
  const { playId } = queue;
  const { isPlaying } = current;
  const duration =
    mediaDuration > 0 && Number.isFinite(mediaDuration) ? mediaDuration : (music?.duration ?? 0);
  const shownTime = dragging ?? time;
  const content = { contentId: music?.musicId ?? '', contentName: music?.musicName ?? '' };
  const repeatMode: RepeatMode = current.repeatSingle ? 'one' : current.repeat ? 'all' : 'off';

  // A new play (another song, or the same one again) starts at the beginning.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!src) {
      audio.removeAttribute('src');
      return;
    }
    if (audio.src !== new URL(src, window.location.href).href) audio.src = src;
    else audio.currentTime = 0;
  }, [src, playId]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !src) return;
    if (isPlaying) {
      // Older engines return nothing from play(); wrapping keeps one path for both.
      Promise.resolve(audio.play()).catch((error: unknown) => {
        // AbortError: a newer load or pause took over, which is expected while skipping songs.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        dispatch(playingChanged(false));
      });
    } else audio.pause();
  }, [isPlaying, src, playId, dispatch]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
    try {
      window.localStorage.setItem(volumeKey, String(volume));
    } catch {
      // Storage off: the volume lasts as long as the page.
    }
  }, [volume, muted]);

  const seekTo = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio || !src) return;
      const end = Number.isFinite(audio.duration) ? audio.duration : duration;
      audio.currentTime = Math.max(0, Math.min(seconds, end || seconds));
      setTime(audio.currentTime);
    },
    [src, duration],
  );

  const play = () => {
    if (!music?.src || isPlaying) return;
    dispatch(playingChanged(true));
    track('music_play', content);
  };
  const pause = () => {
    if (!isPlaying) return;
    dispatch(playingChanged(false));
    track('music_pause', content);
  };
  const togglePlay = () => (isPlaying ? pause() : play());
  const next = () => {
    if (current.isLastMusic && !current.repeat) return;
    dispatch(nextRequested());
    track('music_next', content);
  };
  const previous = () => {
    const audio = audioRef.current;
    if (audio && audio.currentTime > restartAfterSeconds) {
      seekTo(0);
      return;
    }
    dispatch(previousRequested());
    track('music_previous', content);
  };
  const toggleShuffle = () => dispatch(shuffleChanged(!current.shuffle));
  const cycleRepeat = () => {
    if (repeatMode === 'off') dispatch(repeatChanged(true));
    else if (repeatMode === 'all') dispatch(repeatSingleChanged(true));
    else dispatch(repeatChanged(false));
  };
  const signInToContinue = () => {
    const next = `${location.pathname}${location.search}`;
    navigate(`${paths.signIn}?${new URLSearchParams({ next, shared: '1' }).toString()}`);
  };
  const toggleLike = () => {
    if (!music) return;
    if (!authenticated) return signInToContinue();
    const liking = !music.liked;
    void like({ musicId: music.musicId, like: liking });
    if (liking) track('music_like', content);
  };
  const addToPlaylist = () => (authenticated ? setAdding(true) : signInToContinue());
  const shareMusic = () => {
    if (!music) return;
    const url = musicShareLink(window.location.origin, music.musicId, {
      playlistId: current.playlistId,
      special: queue.special,
    });
    void share(
      {
        title: t('music.share.title', { musicName: music.musicName }),
        text: t('music.share.text', { musicName: music.musicName, author: music.author }),
        url,
      },
      content,
    );
  };
  const openSongPage = () => {
    if (!music) return;
    navigate(
      queue.special && current.playlistId
        ? `/${encodeURIComponent(current.playlistId)}/${encodeURIComponent(music.musicId)}`
        : paths.listen(music.musicId),
    );
  };
  const setFullScreen = (open: boolean) => dispatch(playerOpened(open));

  const run = (command: PlayerCommand) => {
    switch (command.type) {
      case 'toggle':
        return togglePlay();
      case 'seekBy':
        return seekTo((audioRef.current?.currentTime ?? 0) + command.seconds);
      case 'volumeBy':
        setMuted(false);
        return setVolume((value) => Math.round(Math.max(0, Math.min(1, value + command.amount)) * 100) / 100);
      case 'mute':
        return setMuted((value) => !value);
      case 'next':
        return next();
      case 'previous':
        return previous();
      case 'shuffle':
        return toggleShuffle();
      case 'repeat':
        return cycleRepeat();
      case 'fullScreen':
        return setFullScreen(!current.isPlayerOpen);
    }
  };
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = shortcutFor(event);
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useMediaSession(
    music,
    isPlaying,
    { time, duration },
    {
      play: () => runRef.current({ type: 'toggle' }),
      pause: () => runRef.current({ type: 'toggle' }),
      next: () => runRef.current({ type: 'next' }),
      previous: () => runRef.current({ type: 'previous' }),
      seekTo,
      seekBy: (seconds) => runRef.current({ type: 'seekBy', seconds }),
    },
  );

  const audio = (
    <audio
      ref={audioRef}
      preload="metadata"
      data-testid="player-audio"
      onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
      onDurationChange={(event) => setMediaDuration(event.currentTarget.duration)}
      onEmptied={() => {
        setTime(0);
        setMediaDuration(0);
      }}
      onEnded={() => dispatch(trackEnded())}
      onPlaying={() => {
        // Once per play: pausing and resuming is the same listen.
        if (!music || countedPlay.current === playId) return;
        countedPlay.current = playId;
        void countView(music.musicId);
      }}
      onPlay={() => {
        if (!isPlaying) dispatch(playingChanged(true));
      }}
      onPause={(event) => {
        const element = event.currentTarget;
        // A pause the app did not ask for (a headset unplugged, another tab took the audio).
        if (isPlaying && !element.ended && element.readyState > 0) dispatch(playingChanged(false));
      }}
    />
  );

  const playButton = (size: 'medium' | 'large') => (
    <IconButton
      onClick={togglePlay}
      disabled={!music?.src}
      aria-label={isPlaying ? t('music.player.pause') : t('music.player.play')}
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:hover': { bgcolor: 'primary.light' },
        width: size === 'large' ? 64 : 44,
        height: size === 'large' ? 64 : 44,
      }}
    >
      {isPlaying ? <PauseIcon fontSize={size} /> : <PlayArrowIcon fontSize={size} />}
    </IconButton>
  );

  const transport = (size: 'medium' | 'large') => (
    <Stack
      direction="row"
      spacing={size === 'large' ? 2 : 1}
      sx={{ alignItems: 'center', justifyContent: 'center' }}
    >
      <Tooltip title={t('music.player.shuffle')}>
        <IconButton
          onClick={toggleShuffle}
          aria-label={t('music.player.shuffle')}
          aria-pressed={current.shuffle}
          color={current.shuffle ? 'primary' : 'default'}
        >
          <ShuffleIcon />
        </IconButton>
      </Tooltip>
      <IconButton onClick={previous} aria-label={t('music.player.previous')}>
        <SkipPreviousIcon fontSize={size} />
      </IconButton>
      {playButton(size)}
      <IconButton
        onClick={next}
        aria-label={t('music.player.next')}
        disabled={current.isLastMusic && !current.repeat}
      >
        <SkipNextIcon fontSize={size} />
      </IconButton>
      <Tooltip title={t(`music.player.repeatMode.${repeatMode}`)}>
        <IconButton
          onClick={cycleRepeat}
          aria-label={t(`music.player.repeatMode.${repeatMode}`)}
          aria-pressed={repeatMode !== 'off'}
          data-repeat={repeatMode}
          color={repeatMode === 'off' ? 'default' : 'primary'}
        >
          {repeatMode === 'one' ? <RepeatOneIcon /> : <RepeatIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );

  const seekBar = (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
      <Typography variant="caption" sx={{ minWidth: 40, textAlign: 'right' }} data-testid="player-time">
        {formatDuration(shownTime)}
      </Typography>
      <Slider
        size="small"
        aria-label={t('music.player.seek')}
        value={Math.min(shownTime, duration || 0)}
        max={duration || 1}
        step={0.1}
        disabled={!music?.src}
        onChange={(_event, value) => setDragging(value as number)}
        onChangeCommitted={(_event, value) => {
          seekTo(value as number);
          setDragging(null);
        }}
        slotProps={{ input: { 'aria-valuetext': formatDuration(shownTime) } }}
      />
      <Typography variant="caption" sx={{ minWidth: 40 }} data-testid="player-duration">
        {formatDuration(duration)}
      </Typography>
    </Stack>
  );

  const likeButton = music && (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <IconButton
        onClick={toggleLike}
        aria-label={music.liked ? t('music.player.unlike') : t('music.player.like')}
        aria-pressed={music.liked}
        color={music.liked ? 'secondary' : 'default'}
      >
        {music.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      </IconButton>
      <Typography
        variant="caption"
        data-testid="player-likes"
        aria-label={t('music.likes', { count: music.likes })}
      >
        {formatCount(music.likes)}
      </Typography>
    </Stack>
  );

  const listens = music && (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <HeadphonesIcon fontSize="small" />
      <Typography
        variant="caption"
        data-testid="player-views"
        aria-label={t('music.listens', { count: music.views })}
      >
        {formatCount(music.views)}
      </Typography>
    </Stack>
  );

  const volumeControl = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: 150 }}>
      <IconButton
        onClick={() => setMuted((value) => !value)}
        aria-label={muted ? t('music.player.unmute') : t('music.player.mute')}
      >
        {muted || volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
      <Slider
        size="small"
        aria-label={t('music.player.volume')}
        value={muted ? 0 : volume}
        min={0}
        max={1}
        step={0.01}
        onChange={(_event, value) => {
          setMuted(false);
          setVolume(value as number);
        }}
      />
    </Stack>
  );

  const moreMenu = (
    <>
      <IconButton onClick={(event) => setMenuAnchor(event.currentTarget)} aria-label={t('music.player.more')}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {authenticated && music && (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setFullScreen(false);
              openSongPage();
            }}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.player.songPage')}</ListItemText>
          </MenuItem>
        )}
        {music?.download && (
          <MenuItem component="a" href={music.download} download onClick={() => setMenuAnchor(null)}>
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.player.download')}</ListItemText>
          </MenuItem>
        )}
        {music?.stems &&
          (['vocals', 'accompaniment'] as const).map((stem) => (
            <MenuItem
              key={stem}
              component="a"
              href={music.stems![stem]}
              download
              onClick={() => setMenuAnchor(null)}
            >
              <ListItemIcon>
                <DownloadIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`music.player.download_${stem}`)}</ListItemText>
            </MenuItem>
          ))}
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            dispatch(playerClosed());
          }}
        >
          <ListItemIcon>
            <StopCircleOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('music.player.close')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );

  const title = music
    ? truncateText(music.musicName)
    : isError
      ? t('music.player.unavailable')
      : t('app.loading');
  const status =
    music && !music.src
      ? music.status === 'failed'
        ? t('music.player.failed')
        : t('music.player.rendering')
      : (music?.author ?? '');

  return (
    <>
      {audio}
      {feedback}
      <AddToPlaylistDialog music={adding && music ? music : null} onClose={() => setAdding(false)} />
      <Paper
        component="section"
        aria-label={t('music.player.label')}
        elevation={8}
        square
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (zTheme) => zTheme.zIndex.appBar + 1,
          height: PLAYER_BAR_HEIGHT,
          px: { xs: 1.5, md: 3 },
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, md: 3 },
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {!desktop && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              height: 3,
              bgcolor: 'primary.main',
              width: duration > 0 ? `${Math.min(100, (shownTime / duration) * 100)}%` : 0,
            }}
          />
        )}
        <Stack
          direction="row"
          spacing={1.5}
          onClick={() => setFullScreen(true)}
          sx={{ alignItems: 'center', minWidth: 0, flex: { xs: 1, md: '0 1 28%' }, cursor: 'pointer' }}
        >
          <CoverImage src={music?.thumbnail} size={desktop ? 60 : 52} />
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 700 }} data-testid="player-title">
              {title}
            </Typography>
            <Typography noWrap variant="body2" color="text.secondary">
              {status}
            </Typography>
          </Box>
        </Stack>
        {desktop ? (
          <>
            <Stack sx={{ flex: 1, alignItems: 'center', minWidth: 0, maxWidth: 640 }}>
              {transport('medium')}
              {seekBar}
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flex: '0 1 auto' }}>
              {likeButton}
              {listens}
              <IconButton onClick={addToPlaylist} aria-label={t('music.player.addToPlaylist')}>
                <PlaylistAddIcon />
              </IconButton>
              <IconButton onClick={shareMusic} aria-label={t('music.player.share')}>
                <ShareIcon />
              </IconButton>
              {volumeControl}
              <IconButton onClick={() => setFullScreen(true)} aria-label={t('music.player.fullScreen')}>
                <OpenInFullIcon />
              </IconButton>
              {moreMenu}
            </Stack>
          </>
        ) : (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {likeButton}
            {playButton('medium')}
            <IconButton
              onClick={next}
              aria-label={t('music.player.next')}
              disabled={current.isLastMusic && !current.repeat}
            >
              <SkipNextIcon />
            </IconButton>
            <IconButton onClick={() => setFullScreen(true)} aria-label={t('music.player.fullScreen')}>
              <OpenInFullIcon />
            </IconButton>
          </Stack>
        )}
      </Paper>
      <Dialog
        fullScreen
        open={current.isPlayerOpen}
        onClose={() => setFullScreen(false)}
        slotProps={{
          paper: {
            'aria-label': t('music.player.fullScreenLabel'),
            sx: { backgroundImage: 'none', bgcolor: 'background.default' },
          },
        }}
      >
        <FullScreenView
          music={music}
          title={title}
          status={status}
          desktop={desktop}
          time={shownTime}
          onSeek={seekTo}
          onClose={() => setFullScreen(false)}
          transport={transport('large')}
          seekBar={seekBar}
          actions={
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
            >
              {likeButton}
              {listens}
              <IconButton onClick={addToPlaylist} aria-label={t('music.player.addToPlaylist')}>
                <PlaylistAddIcon />
              </IconButton>
              <IconButton onClick={shareMusic} aria-label={t('music.player.share')}>
                <ShareIcon />
              </IconButton>
              {desktop && volumeControl}
              {moreMenu}
            </Stack>
          }
        />
      </Dialog>
    </>
  );
}

function FullScreenView({
  music,
  title,
  status,
  desktop,
  time,
  onSeek,
  onClose,
  transport,
  seekBar,
  actions,
}: {
  music: MusicItem | undefined;
  title: string;
  status: string;
  desktop: boolean;
  time: number;
  onSeek: (seconds: number) => void;
  onClose: () => void;
  transport: ReactNode;
  seekBar: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: { xs: 2, md: 4 }, gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <IconButton onClick={onClose} aria-label={t('music.player.exitFullScreen')}>
          {desktop ? <CloseFullscreenIcon /> : <ExpandMoreIcon />}
        </IconButton>
        <Typography variant="overline" color="text.secondary">
          {t('music.player.nowPlaying')}
        </Typography>
        <Box sx={{ width: 40 }} />
      </Stack>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gap: { xs: 2, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 420px) minmax(0, 1fr)' },
          gridTemplateRows: { xs: 'auto minmax(0, 1fr)', md: 'minmax(0, 1fr)' },
          maxWidth: 1200,
          width: '100%',
          mx: 'auto',
        }}
      >
        <Stack spacing={2} sx={{ alignItems: { xs: 'center', md: 'stretch' }, justifyContent: 'center' }}>
          <CoverImage
            src={music?.cover}
            alt={music ? t('music.coverOf', { name: music.musicName }) : ''}
            sx={{ width: { xs: 'min(56vw, 240px)', md: '100%' }, borderRadius: 2, boxShadow: 8 }}
          />
          <Box sx={{ textAlign: { xs: 'center', md: 'left' }, width: '100%' }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }} noWrap>
              {title}
            </Typography>
            <Typography color="text.secondary" noWrap>
              {status}
            </Typography>
          </Box>
        </Stack>
        <Box
          sx={{
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            textAlign: { xs: 'center', md: 'left' },
          }}
        >
          {music && <SyncedLyrics music={music} time={time} onSeek={onSeek} />}
        </Box>
      </Box>
      <Stack spacing={1} sx={{ maxWidth: 720, width: '100%', mx: 'auto' }}>
        {seekBar}
        {transport}
        {actions}
      </Stack>
    </Box>
  );
}
