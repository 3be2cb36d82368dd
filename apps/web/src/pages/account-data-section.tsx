import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDeleteAccountMutation } from '../api/bops.api.ts';
import type { ApiError } from '../api/envelope-base-query.ts';

/** Where the page goes once the account is gone: a fresh load, so nothing of the old session stays. */
export const afterAccountDeleted = { leave: () => window.location.assign('/') };

/** Export my data, and delete my account behind a confirmation that asks for the e-mail address. */
export function AccountDataSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, deletion] = useDeleteAccountMutation();
  const matches = email !== '' && typed.trim().toLowerCase() === email.trim().toLowerCase();

  const confirm = async () => {
    setError(null);
    try {
      await deleteAccount({ confirmation: typed }).unwrap();
      afterAccountDeleted.leave();
    } catch (failure) {
      setError((failure as Partial<ApiError>).detail ?? t('profile.deleteFailed'));
    }
  };

  return (
    <Stack component="section" spacing={1.5} sx={{ mt: 5 }} aria-labelledby="account-data-title">
      <Typography id="account-data-title" variant="h6" component="h2">
        {t('profile.dataTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('profile.exportHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" component="a" href="/api/user/export" download>
          {t('profile.exportData')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('profile.deleteAccount')}
        </Button>
      </Stack>
      <Dialog
        open={open}
        onClose={() => !deletion.isLoading && setOpen(false)}
        aria-labelledby="delete-account-title"
      >
        <DialogTitle id="delete-account-title">{t('profile.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('profile.deleteWarning')}</DialogContentText>
          <TextField
            label={t('profile.deleteConfirmLabel')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            fullWidth
            autoComplete="off"
            placeholder={email}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={deletion.isLoading}>
            {t('profile.deleteCancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={!matches || deletion.isLoading}
            startIcon={deletion.isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => void confirm()}
          >
            {t('profile.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
