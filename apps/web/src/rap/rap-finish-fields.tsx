import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetProfileQuery } from '../api/bops.api.ts';
import { useGetMusicSelectionsQuery, useGetRapArtistsQuery } from '../api/creation.api.ts';
import { NO_MUSIC, rapLimits, truncateLyric } from './rap-form.ts';
import { textFieldProps, type RapFieldsProps } from './rap-field-props.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '8rem 1fr' }, gap: { sm: 2 } }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Step 5: an optional e-mail and a look over the rap before it is made. */
export function RapFinishFields(props: RapFieldsProps) {
  const { t } = useTranslation();
  const { draft } = props;
  const artists = useGetRapArtistsQuery();
  const selections = useGetMusicSelectionsQuery();
  const email = textFieldProps('contactEmail', props, t);
  const profile = useGetProfileQuery(undefined, { skip: !draft.voiceCloneId });
  const artist = [...(artists.data?.rap_artists ?? []), ...(artists.data?.singer_artists ?? [])].find(
    (candidate) => candidate.artist_id === draft.artistId,
  );
  const artistName = artist?.name ?? draft.artistId;
  // When the person's AI singer performs, the voice heard is theirs; the artist only lends the flow.
  const singer = draft.voiceCloneId
    ? profile.data?.voiceclones.find((clone) => clone.voice_clone_id === draft.voiceCloneId)
    : undefined;
  const voice = singer
    ? t('rap.review.aiSingerVoice', { singer: singer.voice_clone_nickname, artist: artistName })
    : artistName;
  const music =
    draft.mixMusicId === NO_MUSIC || draft.mixMusicId === ''
      ? t('rap.music.noMusic')
      : (selections.data?.musics[draft.mixMusicId]?.name ?? draft.mixMusicId);

  return (
    <Stack spacing={3}>
      <TextField
        label={t('rap.fields.contactEmail')}
        type="email"
        autoComplete="email"
        slotProps={{ htmlInput: { maxLength: rapLimits.contactEmail } }}
        {...email}
        helperText={email.helperText ?? t('rap.fields.contactEmailHelp')}
      />
      <Box component="section" aria-label={t('rap.review.title')}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {draft.musicName}
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Row label={t('rap.fields.creatorNickname')} value={draft.creatorNickname} />
          <Row label={t('rap.review.voice')} value={voice} />
          <Row
            label={t('rap.review.style')}
            value={draft.style ? t(`rap.styles.${draft.style}`, { defaultValue: draft.style }) : ''}
          />
          <Row label={t('rap.review.music')} value={music} />
          <Row label={t('rap.review.lyrics')} value={truncateLyric(draft.lyrics.trim())} />
        </Stack>
      </Box>
    </Stack>
  );
}
