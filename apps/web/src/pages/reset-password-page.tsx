import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { newPasswordProblem, securityErrorOf, type AuthRefusal } from '../auth/account-security.ts';
import { resetPassword } from '../auth/account-security.thunks.ts';
import { loadPasswordRule } from '../auth/sign-in-form.ts';
import { paths } from '../navigation/route-paths.ts';
import { useAppDispatch } from '../store/hooks.ts';

const askAgain = `${paths.signIn}?forgot=1`;

/** Where the mailed reset link leads: a new password for the account the link's token names. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await newPasswordProblem(password, []);
    setError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      await dispatch(resetPassword({ token, newPassword: password })).unwrap();
      setDone(true);
    } catch (refusal) {
      const { field, key } = securityErrorOf(refusal as AuthRefusal);
      if (field === 'newPassword') setError(key);
      else setFailure(t(key));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
          {t('security.resetTitle')}
        </Typography>
        {!token && (
          <Stack spacing={2}>
            <Alert severity="error">{t('security.resetMissingToken')}</Alert>
            <Button component={RouterLink} to={askAgain} variant="contained">
              {t('security.askNewLink')}
            </Button>
          </Stack>
        )}
        {token && done && (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {t('security.resetDone')}
            </Alert>
            <Button component={RouterLink} to={paths.signIn} variant="contained">
              {t('security.goToSignIn')}
            </Button>
          </Stack>
        )}
        {token && !done && (
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={(event: FormEvent) => void submit(event)}
            aria-label={t('security.resetTitle')}
          >
            <Typography color="text.secondary">{t('security.resetHint')}</Typography>
            <TextField
              label={t('security.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              fullWidth
              value={password}
              onFocus={() => void loadPasswordRule()}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
              error={Boolean(error)}
              helperText={error ? t(error) : t('signIn.passwordRule')}
            />
            {failure && (
              <Alert
                severity="error"
                role="alert"
                action={
                  <Button color="inherit" size="small" component={RouterLink} to={askAgain}>
                    {t('security.askNewLink')}
                  </Button>
                }
              >
                {failure}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {t('security.resetSubmit')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
