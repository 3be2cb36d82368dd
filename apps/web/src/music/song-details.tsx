import { useEffect, useState } from 'react';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MusicItem } from '@bops/shared';
import type { WaveformData } from '@bops/shared/api/music';
import { usePlayerState } from '../player/use-player.ts';
import { linesFromTimings, parseLrc } from '../rap/lrc-parser.ts';
import { CoverImage } from './cover-image.tsx';
import { formatCount, formatDuration, truncateText } from './music-format.ts';
import { usePlayMusic } from './use-play-music.ts';

/** Bars drawn however long the song: the stored peaks are folded into these. */
export const WAVEFORM_BARS = 96;
/** Peaks read at most; a longer list (not one of ours) is not worth the work. */
const MAX_PEAKS = 20_000;
const MAX_LYRIC_LINES = 400;

interface SongSheet {
  musicId: string;
  peaks: number[];
  lines: string[];
  failed: boolean;
}

/** Folds peaks into `bars` bars, each the loudest peak it covers. */
export function foldPeaks(peaks: readonly number[], bars: number): number[] {
  const usable = peaks
    .slice(0, MAX_PEAKS)
    .map((peak) => (Number.isFinite(peak) ? Math.min(1, Math.abs(peak)) : 0));
  if (usable.length === 0) return [];
  const out: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * usable.length) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * usable.length) / bars));
    let loudest = 0;
    for (let i = from; i < to && i < usable.length; i++) loudest = Math.max(loudest, usable[i]!);
    out.push(loudest);
  }
  return out;
}

/** The song's stored peaks and its lyric lines (from the word timings, else the lyric file). */
function useSongSheet(music: MusicItem): SongSheet | null {
  const [sheet, setSheet] = useState<SongSheet | null>(null);
  const { musicId, waveform, lyrics, duration } = music;
  useEffect(() => {
    const controller = new AbortController();
    const get = (url: string) => fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    const read = async (): Promise<Omit<SongSheet, 'musicId' | 'failed'>> => {
      let peaks: number[] = [];
      let lines: string[] = [];
      if (waveform) {
        const response = await get(waveform);
        if (response.ok) {
          const data = (await response.json()) as Partial<WaveformData>;
          peaks = Array.isArray(data.peaks) ? data.peaks : [];
          lines = linesFromTimings(data.lines ?? [], data.words ?? []).map((line) => line.text);
        }
      }
      if (lines.length === 0 && lyrics) {
        const response = await get(lyrics);
        if (response.ok) {
          const text = await response.text();
          const timed = parseLrc(text, duration || undefined).map((line) => line.text);
          lines = timed.length > 0 ? timed : text.split(/\r?\n/);
        }
      }
      return {
        peaks,
        lines: lines
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, MAX_LYRIC_LINES),
      };
    };
    read().then(
      (read) => setSheet({ musicId, ...read, failed: false }),
      () => {
        if (!controller.signal.aborted) setSheet({ musicId, peaks: [], lines: [], failed: true });
      },
    );
    return () => controller.abort();
  }, [musicId, waveform, lyrics, duration]);
  return sheet?.musicId === musicId ? sheet : null;
}

/** The song's shape, lit up to where the player is when it plays this song. */
function Waveform({ music, peaks }: { music: MusicItem; peaks: readonly number[] }) {
  const { t } = useTranslation();
  const progress = usePlayerState((state) =>
    state.musicId === music.musicId && state.duration > 0 ? Math.min(1, state.time / state.duration) : 0,
  );
  const bars = foldPeaks(peaks, WAVEFORM_BARS);
  if (bars.length === 0) return null;
  const width = 4;
  const gap = 2;
  const height = 64;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={t('music.song.waveform', { name: music.musicName })}
      viewBox={`0 0 ${bars.length * (width + gap)} ${height}`}
      preserveAspectRatio="none"
      data-testid="song-waveform"
      sx={{ display: 'block', width: '100%', height: { xs: 56, md: 72 } }}
    >
      {bars.map((peak, index) => {
        const barHeight = Math.max(2, peak * height);
        const played = (index + 0.5) / bars.length <= progress;
        return (
          <Box
            component="rect"
            key={index}
            x={index * (width + gap)}
            y={(height - barHeight) / 2}
            width={width}
            height={barHeight}
            rx={1.5}
            sx={{ fill: (theme) => (played ? theme.palette.primary.main : theme.palette.text.secondary) }}
            opacity={played ? 1 : 0.45}
          />
        );
      })}
    </Box>
  );
}

/**
 * A song's own page: its cover, title, who made and performs it, the beat, likes and listens, a play button,
 * the waveform and the lyrics.
 */
export function SongDetails({
  music,
  headingId,
  heading = 'h1',
}: {
  music: MusicItem;
  headingId: string;
  /** The title's level: the page's own heading, or a part of a page that has one. */
  heading?: 'h1' | 'h2';
}) {
  const { t } = useTranslation();
  const { toggle, isCurrent, isPlaying } = usePlayMusic({ id: null, special: false }, [music]);
  const playing = isCurrent(music.musicId) && isPlaying;
  const sheet = useSongSheet(music);
  const credits = music.credits ?? { artist: '', beat: '' };
  const facts = [
    credits.artist && { label: t('music.song.artist'), value: credits.artist },
    credits.beat && { label: t('music.song.beat'), value: credits.beat },
    music.author && { label: t('music.song.creator'), value: music.author },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact));

  return (
    <Box data-testid="song-details">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, md: 4 }} sx={{ mb: 3 }}>
        <CoverImage
          src={music.cover}
          alt={t('music.coverOf', { name: music.musicName })}
          sx={{ width: { xs: '100%', sm: 240, md: 300 }, maxWidth: 360, flexShrink: 0, borderRadius: 2 }}
        />
        <Box sx={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography
            id={headingId}
            variant="h4"
            component={heading}
            sx={{ fontWeight: 800, fontSize: { xs: '1.8rem', md: '2.6rem' }, overflowWrap: 'anywhere' }}
          >
            {truncateText(music.musicName)}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {facts.map((fact) => (
              <Box key={fact.label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {fact.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {truncateText(fact.value)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Stack direction="row" spacing={3} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <FavoriteIcon fontSize="small" color={music.liked ? 'secondary' : 'inherit'} />
              <Typography>
                {t('music.song.likes', { count: music.likes, formatted: formatCount(music.likes) })}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <HeadphonesIcon fontSize="small" />
              <Typography>
                {t('music.song.listens', { count: music.views, formatted: formatCount(music.views) })}
              </Typography>
            </Stack>
            <Typography>{formatDuration(music.duration)}</Typography>
          </Stack>
          <Box>
            <Button
              variant="contained"
              size="large"
              startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
              onClick={() => toggle(music)}
              disabled={!music.src}
            >
              {music.src
                ? playing
                  ? t('music.song.pause')
                  : t('music.song.play')
                : music.status === 'failed'
                  ? t('music.player.failed')
                  : t('music.player.rendering')}
            </Button>
          </Box>
        </Box>
      </Stack>
      {sheet === null ? (
        <Skeleton variant="rounded" height={72} sx={{ mb: 3 }} />
      ) : (
        <Box sx={{ mb: 3 }}>
          <Waveform music={music} peaks={sheet.peaks} />
        </Box>
      )}
      {sheet && sheet.lines.length > 0 && (
        <Box component="section" aria-labelledby={`${headingId}-lyrics`} sx={{ mb: 3 }}>
          <Typography
            id={`${headingId}-lyrics`}
            variant="h6"
            component={heading === 'h1' ? 'h2' : 'h3'}
            sx={{ fontWeight: 700, mb: 1 }}
          >
            {t('music.song.lyrics')}
          </Typography>
          <Box sx={{ whiteSpace: 'pre-line', color: 'text.secondary', lineHeight: 1.8 }}>
            {sheet.lines.join('\n')}
          </Box>
        </Box>
      )}
    </Box>
  );
}
