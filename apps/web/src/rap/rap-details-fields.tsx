import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { rapLimits } from './rap-form.ts';
import { textFieldProps, type RapFieldsProps } from './rap-field-props.ts';

/** Step 1: song title, prompt and creator name. */
export function RapDetailsFields(props: RapFieldsProps) {
  const { t } = useTranslation();
  const prompt = textFieldProps('prompt', props, t);
  const nickname = textFieldProps('creatorNickname', props, t);
  return (
    <Stack spacing={2.5}>
      <TextField
        label={t('rap.fields.musicName')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: rapLimits.musicName } }}
        {...textFieldProps('musicName', props, t)}
      />
      <TextField
        label={t('rap.fields.prompt')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: rapLimits.prompt } }}
        {...prompt}
        helperText={prompt.helperText ?? t('rap.fields.promptHelp')}
      />
      <TextField
        label={t('rap.fields.creatorNickname')}
        required
        autoComplete="nickname"
        slotProps={{ htmlInput: { maxLength: rapLimits.creatorNickname } }}
        {...nickname}
        helperText={nickname.helperText ?? t('rap.fields.creatorNicknameHelp')}
      />
    </Stack>
  );
}
