import { useState } from 'react';
import MusicOffIcon from '@mui/icons-material/MusicOff';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ServerMusicSelection } from '@bops/shared/api/creation';
import { useGetMusicSelectionsQuery } from '../api/creation.api.ts';
import { NO_MUSIC } from './rap-form.ts';
import type { RapFieldsProps } from './rap-field-props.ts';
import { cardGridSx } from './rap-voice-fields.tsx';
import { usePreviewAudio } from './use-preview-audio.ts';

const defaultCover = '/images/default-cover.svg';

function chosenSx(chosen: boolean) {
  return {
    position: 'relative',
    borderColor: chosen ? 'primary.main' : 'divider',
    borderWidth: chosen ? 2 : 1,
  } as const;
}

function MusicCard({
  music,
  chosen,
  playing,
  onChoose,
  onPreview,
}: {
  music: ServerMusicSelection;
  chosen: boolean;
  playing: boolean;
  onChoose(): void;
  onPreview(): void;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={chosenSx(chosen)}>
      <CardActionArea
        role="radio"
        aria-checked={chosen}
        aria-label={t('rap.music.choose', { name: music.name })}
        onClick={onChoose}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%' }}
      >
        <Box
          component="img"
          src={music.image_src}
          alt=""
          width={88}
          height={88}
          // Covers answer 503 until rendered: show the default cover instead of a broken image.
          onError={(event) => {
            const image = event.currentTarget;
            if (!image.src.endsWith(defaultCover)) image.src = defaultCover;
          }}
          sx={{ width: 88, height: 88, objectFit: 'cover', flexShrink: 0 }}
        />
        <CardContent sx={{ py: 1, pr: 7, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }} noWrap>
            {music.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {music.artist}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" label={music.mood} />
            <Chip size="small" variant="outlined" label={t('rap.music.bpm', { bpm: music.bpm })} />
          </Box>
        </CardContent>
      </CardActionArea>
      <IconButton
        aria-label={t(playing ? 'rap.music.stop' : 'rap.music.play', { name: music.name })}
        onClick={onPreview}
        color="primary"
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
    </Card>
  );
}

/** Step 4: a beat from the catalogue (by mood, with BPM and a preview) or no music at all. */
export function RapMusicFields({ draft, errors, onChange }: RapFieldsProps) {
  const { t } = useTranslation();
  const selections = useGetMusicSelectionsQuery();
  const preview = usePreviewAudio();
  const [mood, setMood] = useState<string | null>(null);
  const musics = Object.values(selections.data?.musics ?? {}).filter(
    (music) => mood === null || music.mood_id === mood,
  );
  const noMusicChosen = draft.mixMusicId === NO_MUSIC;

  return (
    <Box>
      {selections.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('rap.music.loadFailed')}
        </Alert>
      )}
      {selections.data && selections.data.moods.length > 0 && (
        <Box
          role="group"
          aria-label={t('rap.music.moods')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
        >
          <Chip
            label={t('rap.music.allMoods')}
            color={mood === null ? 'primary' : 'default'}
            aria-pressed={mood === null}
            onClick={() => setMood(null)}
          />
          {selections.data.moods.map((entry) => (
            <Chip
              key={entry.id}
              label={entry.label}
              color={mood === entry.id ? 'primary' : 'default'}
              aria-pressed={mood === entry.id}
              onClick={() => setMood(entry.id)}
            />
          ))}
        </Box>
      )}
      <Box role="radiogroup" aria-label={t('rap.stepNames.4')} sx={cardGridSx}>
        <Card variant="outlined" sx={chosenSx(noMusicChosen)}>
          <CardActionArea
            role="radio"
            aria-checked={noMusicChosen}
            aria-label={t('rap.music.noMusic')}
            onClick={() => {
              preview.stop();
              onChange({ mixMusicId: NO_MUSIC });
            }}
            sx={{ height: '100%', display: 'flex', justifyContent: 'flex-start', gap: 2, p: 2 }}
          >
            <MusicOffIcon fontSize="large" color={noMusicChosen ? 'primary' : 'inherit'} />
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {t('rap.music.noMusic')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('rap.music.noMusicDetail')}
              </Typography>
            </Box>
          </CardActionArea>
        </Card>
        {selections.isLoading && [0, 1].map((key) => <Skeleton key={key} variant="rounded" height={88} />)}
        {musics.map((music) => (
          <MusicCard
            key={music.id}
            music={music}
            chosen={draft.mixMusicId === music.id}
            playing={preview.playing === music.src}
            onChoose={() => onChange({ mixMusicId: music.id })}
            onPreview={() => preview.toggle(music.src)}
          />
        ))}
      </Box>
      {preview.problem && (
        <Alert
          severity={preview.problem.kind === 'preparing' ? 'info' : 'warning'}
          sx={{ mt: 2 }}
          role="status"
        >
          {t(preview.problem.kind === 'preparing' ? 'rap.music.preparing' : 'rap.voice.previewFailed')}
        </Alert>
      )}
      {errors.mixMusicId && (
        <FormHelperText error sx={{ mt: 1 }}>
          {errors.mixMusicId.text ?? t(errors.mixMusicId.key)}
        </FormHelperText>
      )}
    </Box>
  );
}
