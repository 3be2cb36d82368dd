import type { ReactNode } from 'react';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MusicItem } from '@bops/shared';
import { CoverImage } from '../music/cover-image.tsx';
import { SyncedLyrics } from '../music/synced-lyrics.tsx';
import { usePlayerState } from './use-player.ts';

/** The lyrics follow the audio; only this part renders again as the time moves. */
function LyricsAtTime({ music, onSeek }: { music: MusicItem; onSeek(seconds: number): void }) {
  const time = usePlayerState((state) => state.time);
  return <SyncedLyrics music={music} time={time} onSeek={onSeek} />;
}

/** The full-screen view: cover, title and synced lyrics above the controls. */
export function FullScreenPlayer({
  music,
  title,
  status,
  desktop,
  onSeek,
  onClose,
  controls,
}: {
  music: MusicItem | undefined;
  title: string;
  status: string;
  desktop: boolean;
  onSeek(seconds: number): void;
  onClose(): void;
  /** Seek bar, transport and actions, stacked under the lyrics. */
  controls: ReactNode;
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
          {music && <LyricsAtTime music={music} onSeek={onSeek} />}
        </Box>
      </Box>
      <Stack spacing={1} sx={{ maxWidth: 720, width: '100%', mx: 'auto' }}>
        {controls}
      </Stack>
    </Box>
  );
}
