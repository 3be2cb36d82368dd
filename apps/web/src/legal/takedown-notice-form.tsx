import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  emptyTakedown,
  submitTakedown,
  validateTakedown,
  type TakedownErrors,
  type TakedownValues,
} from './takedown-form.ts';

type Outcome = { kind: 'sent'; id: string | null } | { kind: 'error'; message: string } | null;

/** The public takedown notice form (DECISIONS: takedowns), at /community-guidelines#takedown. */
export function TakedownNoticeForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<TakedownValues>(emptyTakedown);
  const [errors, setErrors] = useState<TakedownErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const field = (name: keyof TakedownValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateTakedown(values);
    const translated: TakedownErrors = {};
    for (const [name, key] of Object.entries(found)) translated[name as keyof TakedownValues] = t(key);
    setErrors(translated);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    const result = await submitTakedown(values);
    setSending(false);
    switch (result.kind) {
      case 'sent':
        setValues(emptyTakedown);
        setOutcome({ kind: 'sent', id: result.id });
        break;
      case 'invalid':
        if (result.field) setErrors({ [result.field]: result.message });
        else setOutcome({ kind: 'error', message: result.message });
        break;
      case 'limited':
        setOutcome({ kind: 'error', message: t('takedown.tooMany') });
        break;
      case 'failed':
        setOutcome({ kind: 'error', message: t('takedown.failed') });
        break;
    }
  };

  return (
    <Box
      component="section"
      id="takedown"
      aria-labelledby="takedown-title"
      sx={{ mt: 6, scrollMarginTop: 80 }}
    >
      <Typography id="takedown-title" variant="h5" component="h2" sx={{ fontWeight: 700 }} gutterBottom>
        {t('takedown.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('takedown.intro')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
        <TextField
          {...field('reporterName')}
          label={t('takedown.reporterName')}
          autoComplete="name"
          helperText={errors.reporterName}
        />
        <TextField
          {...field('reporterEmail')}
          label={t('takedown.reporterEmail')}
          type="email"
          autoComplete="email"
          helperText={errors.reporterEmail}
        />
        <TextField
          {...field('contentUrl')}
          label={t('takedown.contentUrl')}
          type="url"
          helperText={errors.contentUrl ?? t('takedown.contentUrlHelp')}
        />
        <TextField
          {...field('reason')}
          label={t('takedown.reason')}
          multiline
          minRows={4}
          helperText={errors.reason ?? t('takedown.reasonHelp')}
        />
        {outcome?.kind === 'sent' && (
          <Alert severity="success" role="status">
            {outcome.id ? t('takedown.sent', { id: outcome.id }) : t('takedown.sentNoId')}
          </Alert>
        )}
        {outcome?.kind === 'error' && (
          <Alert severity="error" role="alert">
            {outcome.message}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={sending} loadingPosition="start">
            {sending ? t('takedown.sending') : t('takedown.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
