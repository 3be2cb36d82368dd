import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetCreatedSongQuery } from '../api/creation.api.ts';
import { paths } from '../navigation/route-paths.ts';

/** The finished remix: open it in My Bops's player, or download it and its stems. */
export function CoverResultView({ musicId }: { musicId: string }) {
  const { t } = useTranslation();
  // The song row can trail the task by a moment: ask again until it has its audio.
  const [polling, setPolling] = useState(true);
  const song = useGetCreatedSongQuery(musicId, { pollingInterval: polling ? 2000 : 0 });
  const src = song.data?.src ?? '';
  if (src && polling) setPolling(false);

  if (song.isError) return <Alert severity="error">{t('songCover.messages.failedBody')}</Alert>;
  if (!song.data || !src) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('songCover.result.loading')}</Typography>
      </Stack>
    );
  }
  const downloads = [
    { key: 'download', href: song.data.download ?? '' },
    { key: 'vocals', href: song.data.stems?.vocals ?? '' },
    { key: 'accompaniment', href: song.data.stems?.accompaniment ?? '' },
  ].filter((each) => each.href);
  return (
    <Box component="section" aria-label={song.data.musicName} data-testid="song-cover-result">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          component="img"
          src={song.data.thumbnail || song.data.cover}
          alt=""
          sx={{ width: 72, height: 72, borderRadius: 2, objectFit: 'cover' }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" noWrap>
            {song.data.musicName}
          </Typography>
          <Typography color="text.secondary" noWrap>
            {song.data.author}
          </Typography>
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Button
          component={RouterLink}
          to={paths.listen(musicId)}
          variant="contained"
          startIcon={<PlayArrowIcon />}
        >
          {t('songCover.result.play')}
        </Button>
        <Button component={RouterLink} to={paths.songCover} variant="outlined">
          {t('songCover.result.another')}
        </Button>
      </Stack>
      <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mb: 1 }}>
        {t('songCover.result.downloads')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {downloads.map((each) => (
          <Button
            key={each.key}
            component="a"
            href={each.href}
            download
            size="small"
            startIcon={<DownloadIcon />}
          >
            {t(`songCover.result.${each.key}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
