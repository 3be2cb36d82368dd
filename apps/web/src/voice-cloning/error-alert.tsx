import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { ShownError } from './voice-clone-errors.ts';

export function ErrorAlert({ error }: { error: ShownError }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" role="alert">
      {error.titleKey && <AlertTitle>{t(error.titleKey)}</AlertTitle>}
      {error.text ?? (error.textKey ? t(error.textKey) : null)}
    </Alert>
  );
}
