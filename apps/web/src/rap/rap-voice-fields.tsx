import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ServerArtist } from '@bops/shared/api/creation';
import { useGetRapArtistsQuery } from '../api/creation.api.ts';
import { useGetProfileQuery } from '../api/bops.api.ts';
import { rapStyles, truncateLyric } from './rap-form.ts';
import type { RapFieldsProps } from './rap-field-props.ts';
import { usePreviewAudio } from './use-preview-audio.ts';

export const cardGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
  gap: 2,
} as const;

function ArtistCard({
  artist,
  chosen,
  playing,
  onChoose,
  onPreview,
}: {
  artist: ServerArtist;
  chosen: boolean;
  playing: boolean;
  onChoose(): void;
  onPreview(): void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      sx={{
        position: 'relative',
        borderColor: chosen ? 'primary.main' : undefined,
        borderWidth: chosen ? 2 : 1,
      }}
    >
      <CardActionArea
        role="radio"
        aria-checked={chosen}
        aria-label={t('rap.voice.choose', { name: artist.name })}
        onClick={onChoose}
        sx={{ height: '100%' }}
      >
        <CardContent sx={{ pr: 7 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {artist.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {truncateLyric(artist.description)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={t(`rap.styles.${artist.style}`, { defaultValue: artist.style })} />
            {chosen && <Chip size="small" color="primary" label={t('rap.voice.chosen')} />}
          </Box>
        </CardContent>
      </CardActionArea>
      <IconButton
        aria-label={t(playing ? 'rap.voice.stop' : 'rap.voice.play', { name: artist.name })}
        onClick={onPreview}
        color="primary"
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
    </Card>
  );
}

/** Step 2: a rapper or singer (cards with a preview) and the rap style. */
export function RapVoiceFields({ draft, errors, onChange }: RapFieldsProps) {
  const { t } = useTranslation();
  const artists = useGetRapArtistsQuery();
  const preview = usePreviewAudio();

  const choose = (artist: ServerArtist) =>
    onChange({ artistId: artist.artist_id, ...(draft.style === '' ? { style: artist.style } : {}) });

  const group = (titleKey: string, list: ServerArtist[]) =>
    list.length > 0 && (
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
          {t(titleKey)}
        </Typography>
        <Box role="radiogroup" aria-label={t(titleKey)} sx={cardGridSx}>
          {list.map((artist) => (
            <ArtistCard
              key={artist.artist_id}
              artist={artist}
              chosen={draft.artistId === artist.artist_id}
              playing={preview.playing === artist.preview}
              onChoose={() => choose(artist)}
              onPreview={() => preview.toggle(artist.preview)}
            />
          ))}
        </Box>
      </Box>
    );

  return (
    <Box>
      {artists.isLoading && (
        <Box sx={cardGridSx}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={140} />
          ))}
        </Box>
      )}
      {artists.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void artists.refetch()}>
              {t('rap.voice.retry')}
            </Button>
          }
        >
          {t('rap.voice.loadFailed')}
        </Alert>
      )}
      {artists.data && (
        <>
          {group('rap.voice.rappers', artists.data.rap_artists)}
          {group('rap.voice.singers', artists.data.singer_artists)}
        </>
      )}
      {preview.problem && (
        <Alert
          severity={preview.problem.kind === 'preparing' ? 'info' : 'warning'}
          sx={{ mb: 2 }}
          role="status"
        >
          {t(preview.problem.kind === 'preparing' ? 'rap.voice.preparing' : 'rap.voice.previewFailed')}
        </Alert>
      )}
      {errors.artistId && (
        <FormHelperText error>{errors.artistId.text ?? t(errors.artistId.key)}</FormHelperText>
      )}

      <AiSingerChoice value={draft.voiceCloneId} onChange={(voiceCloneId) => onChange({ voiceCloneId })} />

      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mt: 3, mb: 1 }}>
        {t('rap.voice.style')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={draft.style || null}
        onChange={(_event, value: string | null) => value && onChange({ style: value })}
        aria-label={t('rap.voice.style')}
        sx={{ flexWrap: 'wrap' }}
      >
        {rapStyles.map((style) => (
          <ToggleButton key={style} value={style} sx={{ px: 2 }}>
            {t(`rap.styles.${style}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * "Performed by my AI singer": shown once the person has an AI singer that is ready. The artist chosen
 * above still gives the flow; the voice becomes the person's own.
 */
function AiSingerChoice({ value, onChange }: { value: string; onChange(voiceCloneId: string): void }) {
  const { t } = useTranslation();
  // Read fresh: an AI singer may have become ready since the profile was loaded at start-up.
  const profile = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const singers = (profile.data?.voiceclones ?? [])
    .filter((clone) => clone.status.toLowerCase() === 'ready')
    .map((clone) => ({ id: clone.voice_clone_id, name: clone.voice_clone_nickname }));
  if (singers.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
        {t('rap.voice.aiSinger')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_event, next: string | null) => next !== null && onChange(next)}
        aria-label={t('rap.voice.aiSinger')}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="" sx={{ px: 2 }}>
          {t('rap.voice.artistVoice')}
        </ToggleButton>
        {singers.map((singer) => (
          <ToggleButton key={singer.id} value={singer.id} sx={{ px: 2 }}>
            {singer.name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value && <FormHelperText>{t('rap.voice.aiSingerHelp')}</FormHelperText>}
    </Box>
  );
}
