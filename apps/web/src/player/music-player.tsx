import { useEffect, useRef, useState } from 'react';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { track } from '../analytics/analytics.ts';
import { useLikeMusicMutation, useViewMusicMutation } from '../api/music.api.ts';
import { AddToPlaylistDialog } from '../music/add-to-playlist-dialog.tsx';
import { CoverImage } from '../music/cover-image.tsx';
import { formatCount, truncateText } from '../music/music-format.ts';
import { musicShareLink } from '../music/share-link.ts';
import { useMusicItem } from '../music/use-current-music.ts';
import { useShare } from '../music/use-share.tsx';
import { paths } from '../navigation/route-paths.ts';
import { useAppSelector } from '../store/hooks.ts';
import type { BopsPlayer } from './bops-player.ts';
import { FullScreenPlayer } from './full-screen-player.tsx';
import {
  NextButton,
  PlayButton,
  ProgressLine,
  SeekBar,
  Transport,
  VolumeControl,
  type PlayerActions,
} from './player-controls.tsx';
import { PlayerMenu } from './player-menu.tsx';
import { UpNextButton, UpNextPanel } from './up-next.tsx';
import { shortcutFor } from './player-shortcuts.ts';
import { usePlayer, usePlayerState } from './use-player.ts';

export const PLAYER_BAR_HEIGHT = 88;

/** Puts the player's own audio element into the page, once (tests and the browser's devtools find it there). */
function placeAudio(slot: HTMLElement | null, audio: HTMLAudioElement) {
  if (!slot || audio.parentNode === slot) return;
  audio.dataset.testid = 'player-audio';
  // Never taken out again: an audio element leaving the page stops.
  slot.append(audio);
}

function AudioSlot({ player }: { player: BopsPlayer }) {
  const slot = useRef<HTMLSpanElement>(null);
  useEffect(() => placeAudio(slot.current, player.audio), [player]);
  return <span ref={slot} hidden />;
}

/** The persistent player: a bar at the bottom of every page and a full-screen view with synced lyrics. */
export default function MusicPlayer() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const navigate = useNavigate();
  const location = useLocation();
  const player = usePlayer();
  const musicId = usePlayerState((state) => state.musicId);
  const queue = usePlayerState((state) => state.queue);
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const { data: loaded, isError } = useMusicItem(musicId);
  // A song from the previous request stays on screen only while it is the one asked for.
  const music = loaded && loaded.musicId === musicId ? loaded : undefined;
  const [like] = useLikeMusicMutation();
  const [countView] = useViewMusicMutation();
  const { share, feedback } = useShare();
  const [adding, setAdding] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [queueOpen, setQueueOpen] = useState(false);

  const canPlay = Boolean(music?.src);
  const fallbackDuration = music?.duration ?? 0;
  const content = { contentId: music?.musicId ?? '', contentName: music?.musicName ?? '' };

  useEffect(() => {
    if (!music) return;
    player.setSource({
      musicId: music.musicId,
      src: music.src,
      title: music.musicName,
      artist: music.author,
      artwork: music.cover || music.thumbnail,
    });
  }, [player, music]);

  useEffect(() => player.on('listen', ({ musicId: heard }) => void countView(heard)), [player, countView]);

  const actions: PlayerActions = {
    toggle() {
      const { playing } = player.getState();
      if (!playing && !canPlay) return;
      player.toggle();
      track(playing ? 'music_pause' : 'music_play', content);
    },
    next() {
      if (!player.hasNext) return;
      player.next();
      track('music_next', content);
    },
    previous() {
      const restart = player.audio.currentTime > 3;
      player.previous();
      if (!restart) track('music_previous', content);
    },
    toggleShuffle: () => player.setShuffle(!player.getState().queue.shuffle),
    cycleRepeat: () => player.cycleRepeat(),
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
      playlistId: queue.playlistId,
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
    setFullScreen(false);
    navigate(
      queue.special && queue.playlistId
        ? `/${encodeURIComponent(queue.playlistId)}/${encodeURIComponent(music.musicId)}`
        : paths.listen(music.musicId),
    );
  };

  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = shortcutFor(event);
      if (!command) return;
      event.preventDefault();
      const now = latest.current;
      switch (command.type) {
        case 'toggle':
          return now.toggle();
        case 'seekBy':
          return player.seekBy(command.seconds);
        case 'volumeBy':
          return player.changeVolume(command.amount);
        case 'mute':
          return player.toggleMute();
        case 'next':
          return now.next();
        case 'previous':
          return now.previous();
        case 'shuffle':
          return now.toggleShuffle();
        case 'repeat':
          return now.cycleRepeat();
        case 'fullScreen':
          return setFullScreen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [player]);

  const seekBar = (
    <SeekBar
      canPlay={canPlay}
      fallbackDuration={fallbackDuration}
      onSeek={(seconds) => player.seek(seconds)}
    />
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
    <VolumeControl onVolume={(volume) => player.setVolume(volume)} onToggleMute={() => player.toggleMute()} />
  );

  const moreMenu = (
    <PlayerMenu
      music={music}
      showSongPage={authenticated}
      onSongPage={openSongPage}
      onClose={() => {
        setFullScreen(false);
        player.close();
      }}
    />
  );

  const songActions = (
    <>
      {likeButton}
      {listens}
      <IconButton onClick={addToPlaylist} aria-label={t('music.player.addToPlaylist')}>
        <PlaylistAddIcon />
      </IconButton>
      <IconButton onClick={shareMusic} aria-label={t('music.player.share')}>
        <ShareIcon />
      </IconButton>
      <UpNextButton onClick={() => setQueueOpen(true)} />
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
      <AudioSlot player={player} />
      {feedback}
      <AddToPlaylistDialog music={adding && music ? music : null} onClose={() => setAdding(false)} />
      <UpNextPanel open={queueOpen} onClose={() => setQueueOpen(false)} desktop={desktop} />
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
        {!desktop && <ProgressLine fallbackDuration={fallbackDuration} />}
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
              <Transport size="medium" canPlay={canPlay} actions={actions} />
              {seekBar}
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flex: '0 1 auto' }}>
              {songActions}
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
            <PlayButton size="medium" disabled={!canPlay} onClick={actions.toggle} />
            <NextButton onClick={actions.next} />
            <IconButton onClick={() => setFullScreen(true)} aria-label={t('music.player.fullScreen')}>
              <OpenInFullIcon />
            </IconButton>
          </Stack>
        )}
      </Paper>
      <Dialog
        fullScreen
        open={fullScreen}
        onClose={() => setFullScreen(false)}
        slotProps={{
          paper: {
            'aria-label': t('music.player.fullScreenLabel'),
            sx: { backgroundImage: 'none', bgcolor: 'background.default' },
          },
        }}
      >
        <FullScreenPlayer
          music={music}
          title={title}
          status={status}
          desktop={desktop}
          onSeek={(seconds) => player.seek(seconds)}
          onClose={() => setFullScreen(false)}
          controls={
            <>
              {seekBar}
              <Transport size="large" canPlay={canPlay} actions={actions} />
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
              >
                {songActions}
                {desktop && volumeControl}
                {moreMenu}
              </Stack>
            </>
          }
        />
      </Dialog>
    </>
  );
}
