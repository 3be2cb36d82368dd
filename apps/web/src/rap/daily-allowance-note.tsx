import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetDailyAllowanceQuery } from '../api/creation.api.ts';

/**
 * How many creations are left today, from the server's own count, on every step of the wizard, so nobody learns
 * of the limit only when the last step refuses. Says nothing while it loads or if it cannot be read.
 */
export function DailyAllowanceNote() {
  const { t } = useTranslation();
  const { data } = useGetDailyAllowanceQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data) return null;
  if (data.left === 0) {
    const time = new Date(data.resetsAt).toLocaleString([], {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    return (
      <Alert severity="warning" sx={{ mb: 3 }} data-testid="daily-allowance">
        {t('rap.allowance.none', { limit: data.limit, time })}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="daily-allowance">
      {t('rap.allowance.left', { count: data.left, limit: data.limit })}
    </Typography>
  );
}
