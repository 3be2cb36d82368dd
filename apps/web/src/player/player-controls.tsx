import { useState } from 'react';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RepeatIcon from '@mui/icons-material/Repeat';
import RepeatOneIcon from '@mui/icons-material/RepeatOne';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../music/music-format.ts';
import { hasNext } from './play-queue.ts';
import { usePlayerState } from './use-player.ts';

/** What the buttons do, so the view can add what the player does not own (analytics). */
export interface PlayerActions {
  toggle(): void;
  next(): void;
  previous(): void;
  toggleShuffle(): void;
  cycleRepeat(): void;
}

type Size = 'medium' | 'large';

/** The audio's length once known, else the song's stored length. */
export function useDuration(fallback: number): number {
  const duration = usePlayerState((state) => state.duration);
  return duration > 0 ? duration : fallback;
}

export function PlayButton({ size, disabled, onClick }: { size: Size; disabled: boolean; onClick(): void }) {
  const { t } = useTranslation();
  const playing = usePlayerState((state) => state.playing);
  return (
    <IconButton
      onClick={onClick}
      disabled={disabled}
      aria-label={playing ? t('music.player.pause') : t('music.player.play')}
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:hover': { bgcolor: 'primary.light' },
        width: size === 'large' ? 64 : 44,
        height: size === 'large' ? 64 : 44,
      }}
    >
      {playing ? <PauseIcon fontSize={size} /> : <PlayArrowIcon fontSize={size} />}
    </IconButton>
  );
}

export function NextButton({ size, onClick }: { size?: Size; onClick(): void }) {
  const { t } = useTranslation();
  const offered = usePlayerState((state) => hasNext(state.queue));
  return (
    <IconButton onClick={onClick} aria-label={t('music.player.next')} disabled={!offered}>
      <SkipNextIcon fontSize={size} />
    </IconButton>
  );
}

/** Shuffle, previous, play, next and repeat. */
export function Transport({
  size,
  canPlay,
  actions,
}: {
  size: Size;
  canPlay: boolean;
  actions: PlayerActions;
}) {
  const { t } = useTranslation();
  const shuffle = usePlayerState((state) => state.queue.shuffle);
  const repeat = usePlayerState((state) => state.queue.repeat);
  return (
    <Stack
      direction="row"
      spacing={size === 'large' ? 2 : 1}
      sx={{ alignItems: 'center', justifyContent: 'center' }}
    >
      <Tooltip title={t('music.player.shuffle')}>
        <IconButton
          onClick={actions.toggleShuffle}
          aria-label={t('music.player.shuffle')}
          aria-pressed={shuffle}
          color={shuffle ? 'primary' : 'default'}
        >
          <ShuffleIcon />
        </IconButton>
      </Tooltip>
      <IconButton onClick={actions.previous} aria-label={t('music.player.previous')}>
        <SkipPreviousIcon fontSize={size} />
      </IconButton>
      <PlayButton size={size} disabled={!canPlay} onClick={actions.toggle} />
      <NextButton size={size} onClick={actions.next} />
      <Tooltip title={t(`music.player.repeatMode.${repeat}`)}>
        <IconButton
          onClick={actions.cycleRepeat}
          aria-label={t(`music.player.repeatMode.${repeat}`)}
          aria-pressed={repeat !== 'off'}
          data-repeat={repeat}
          color={repeat === 'off' ? 'default' : 'primary'}
        >
          {repeat === 'one' ? <RepeatOneIcon /> : <RepeatIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Time, the seek slider and the length; the slider follows a drag and seeks when it is let go. */
export function SeekBar({
  canPlay,
  fallbackDuration,
  onSeek,
}: {
  canPlay: boolean;
  fallbackDuration: number;
  onSeek(seconds: number): void;
}) {
  const { t } = useTranslation();
  const time = usePlayerState((state) => state.time);
  const duration = useDuration(fallbackDuration);
  const [dragging, setDragging] = useState<number | null>(null);
  const shownTime = dragging ?? time;
  return (
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
        disabled={!canPlay}
        onChange={(_event, value) => setDragging(value as number)}
        onChangeCommitted={(_event, value) => {
          onSeek(value as number);
          setDragging(null);
        }}
        slotProps={{ input: { 'aria-valuetext': formatDuration(shownTime) } }}
      />
      <Typography variant="caption" sx={{ minWidth: 40 }} data-testid="player-duration">
        {formatDuration(duration)}
      </Typography>
    </Stack>
  );
}

/** The thin progress line along the top of the bar on small screens. */
export function ProgressLine({ fallbackDuration }: { fallbackDuration: number }) {
  const time = usePlayerState((state) => state.time);
  const duration = useDuration(fallbackDuration);
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        height: 3,
        bgcolor: 'primary.main',
        width: duration > 0 ? `${Math.min(100, (time / duration) * 100)}%` : 0,
      }}
    />
  );
}

export function VolumeControl({
  onVolume,
  onToggleMute,
}: {
  onVolume(volume: number): void;
  onToggleMute(): void;
}) {
  const { t } = useTranslation();
  const volume = usePlayerState((state) => state.volume);
  const muted = usePlayerState((state) => state.muted);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: 150 }}>
      <IconButton
        onClick={onToggleMute}
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
        onChange={(_event, value) => onVolume(value as number)}
      />
    </Stack>
  );
}
