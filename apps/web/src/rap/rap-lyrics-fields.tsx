import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGenerateLyricsMutation } from '../api/creation.api.ts';
import { rapLimits } from './rap-form.ts';
import { textFieldProps, type RapFieldsProps } from './rap-field-props.ts';

/** Step 3: lyrics, typed or written by Bops from the title and prompt. */
export function RapLyricsFields(props: RapFieldsProps) {
  const { t } = useTranslation();
  const { draft } = props;
  const [generate, generation] = useGenerateLyricsMutation();
  const field = textFieldProps('lyrics', props, t);
  const length = Array.from(draft.lyrics).length;

  // The creation area takes the generated text into the draft (store), so leaving the step keeps it; passing it
  // on as a change as well clears a "required" error the empty field had.
  const write = () =>
    void generate({
      musicName: draft.musicName.trim(),
      context: draft.prompt.trim(),
      ...(draft.style ? { style: draft.style } : {}),
    })
      .unwrap()
      .then((lyrics) => props.onChange({ lyrics }))
      .catch(() => {
        // Shown by the alert below.
      });

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={write}
          disabled={generation.isLoading}
          startIcon={
            generation.isLoading ? <CircularProgress size={18} color="inherit" /> : <AutoAwesomeIcon />
          }
        >
          {generation.isLoading ? t('rap.lyrics.generating') : t('rap.lyrics.generate')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('rap.lyrics.generateHint')}
        </Typography>
      </Box>
      {generation.isError && <Alert severity="error">{t('rap.errors.generic')}</Alert>}
      <TextField
        label={t('rap.fields.lyrics')}
        required
        multiline
        minRows={8}
        maxRows={24}
        disabled={generation.isLoading}
        slotProps={{ htmlInput: { maxLength: rapLimits.lyrics } }}
        {...field}
        helperText={field.helperText ?? t('rap.lyrics.count', { count: length, max: rapLimits.lyrics })}
      />
    </Stack>
  );
}
