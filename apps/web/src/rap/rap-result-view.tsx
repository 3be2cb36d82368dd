import { useEffect, useRef, useState } from 'react';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetCreatedSongQuery } from '../api/creation.api.ts';
import { paths } from '../navigation/route-paths.ts';
import { activeAt } from './lrc-parser.ts';
import { formatClock } from './rap-progress-wording.ts';
import { SyncedLyricsView } from './synced-lyrics-view.tsx';
import { useSyncedLyrics } from './use-synced-lyrics.ts';

/** The finished rap: play it and watch the words light up as they are rapped. */
export function RapResultView({ musicId }: { musicId: string }) {
  const { t } = useTranslation();
  // The song row can trail the task by a moment: ask again until it has its audio.
  const [polling, setPolling] = useState(true);
  const song = useGetCreatedSongQuery(musicId, { pollingInterval: polling ? 2000 : 0 });
  const src = song.data?.src ?? '';
  if (src && polling) setPolling(false);
  const { lines } = useSyncedLyrics(src ? song.data : undefined);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  // Word timing needs more than timeupdate's few events a second: follow the clock every frame while playing.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      if (audio.current) setTime(audio.current.currentTime);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const seek = (to: number) => {
    if (!audio.current) return;
    audio.current.currentTime = to;
    setTime(to);
  };

  if (song.isError) return <Alert severity="error">{t('rap.errors.generic')}</Alert>;
  if (!song.data || !src) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('rap.result.loading')}</Typography>
      </Stack>
    );
  }

  const total = duration || song.data.duration || 0;
  const active = activeAt(lines, time);
  return (
    <Box component="section" aria-label={song.data.musicName}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          component="img"
          src={song.data.thumbnail || song.data.cover}
          alt=""
          sx={{ width: 72, height: 72, borderRadius: 2, objectFit: 'cover' }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }} noWrap>
            {song.data.musicName}
          </Typography>
          <Typography color="text.secondary" noWrap>
            {song.data.author}
          </Typography>
        </Box>
      </Stack>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        data-testid="result-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration || 0)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <IconButton
          onClick={toggle}
          aria-label={playing ? t('rap.result.pause') : t('rap.result.play')}
          color="primary"
          size="large"
          sx={{ border: 2, borderColor: 'primary.main' }}
        >
          {playing ? <PauseIcon fontSize="large" /> : <PlayArrowIcon fontSize="large" />}
        </IconButton>
        <Slider
          aria-label={t('rap.result.position', {
            current: formatClock(Math.floor(time)),
            total: formatClock(Math.round(total)),
          })}
          min={0}
          max={Math.max(total, 0.1)}
          step={0.1}
          value={Math.min(time, Math.max(total, 0.1))}
          onChange={(_event, value) => seek(Array.isArray(value) ? value[0]! : value)}
          // The playhead moves every frame; easing each step would leave it trailing behind the sound.
          sx={{ flex: 1, '& .MuiSlider-thumb, & .MuiSlider-track': { transition: 'none' } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('rap.result.position', {
            current: formatClock(Math.floor(time)),
            total: formatClock(Math.round(total)),
          })}
        </Typography>
      </Stack>
      {lines.length > 0 && (
        <SyncedLyricsView lines={lines} active={active} onSeek={seek} label={t('rap.result.lyrics')} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button component={RouterLink} to={paths.myBops} variant="contained">
          {t('rap.result.myBops')}
        </Button>
        <Button component={RouterLink} to={paths.listen(musicId)} variant="outlined">
          {t('rap.result.openInPlayer')}
        </Button>
        <Button component={RouterLink} to={paths.rapStep(1)}>
          {t('rap.result.another')}
        </Button>
      </Stack>
    </Box>
  );
}
