import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  emailChangedCallback,
  emailProblem,
  securityErrorOf,
  validateChangePassword,
  type AuthRefusal,
  type ChangePasswordErrors,
  type ChangePasswordValues,
} from '../auth/account-security.ts';
import { changeEmail, changePassword, loadSignInKinds } from '../auth/account-security.thunks.ts';
import { loadPasswordRule } from '../auth/sign-in-form.ts';
import { useGetSignInMethodsQuery } from '../api/bops.api.ts';
import { useAppDispatch } from '../store/hooks.ts';

type Message = { severity: 'success' | 'error'; text: string } | null;

function ChangePasswordForm({ context }: { context: string[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ChangePasswordValues>({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof ChangePasswordValues) => ({
    name,
    value: values[name],
    type: 'password',
    fullWidth: true,
    onFocus: () => void loadPasswordRule(),
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [name]: event.target.value });
      if (errors[name]) setErrors({ ...errors, [name]: undefined });
      setMessage(null);
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : undefined,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await validateChangePassword(values, context);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setMessage(null);
    try {
      await dispatch(changePassword(values)).unwrap();
      setValues({ currentPassword: '', newPassword: '' });
      setMessage({ severity: 'success', text: t('security.passwordChanged') });
    } catch (refusal) {
      const { field: where, key } = securityErrorOf(refusal as AuthRefusal);
      if (where === 'currentPassword' || where === 'newPassword') setErrors({ [where]: key });
      else setMessage({ severity: 'error', text: t(key) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby="change-password-title"
    >
      <Typography id="change-password-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('security.passwordTitle')}
      </Typography>
      <TextField
        label={t('security.currentPassword')}
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <TextField
        label={t('security.newPassword')}
        autoComplete="new-password"
        {...field('newPassword')}
        helperText={errors.newPassword ? t(errors.newPassword) : t('signIn.passwordRule')}
      />
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="outlined"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('security.changePassword')}
        </Button>
      </Box>
    </Stack>
  );
}

function ChangeEmailForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The mailed link lands back here: say how it went once, then drop the markers.
  const [message, setMessage] = useState<Message>(() => {
    if (search.get('email') !== 'changed') return null;
    return search.get('error')
      ? { severity: 'error', text: t('security.emailLinkFailed') }
      : { severity: 'success', text: t('security.emailChanged') };
  });
  useEffect(() => {
    if (search.get('email') === null) return;
    const cleaned = new URLSearchParams(search);
    cleaned.delete('email');
    cleaned.delete('error');
    setSearch(cleaned, { replace: true });
  }, [search, setSearch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(newEmail);
    setError(problem);
    if (problem) return;
    const address = newEmail.trim().toLowerCase();
    if (address === email.trim().toLowerCase()) {
      setError('security.errors.sameEmail');
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await dispatch(changeEmail({ newEmail: address, callbackURL: emailChangedCallback })).unwrap();
      setNewEmail('');
      setMessage({ severity: 'success', text: t('security.emailSent', { email: address }) });
    } catch (refusal) {
      const { field: where, key } = securityErrorOf(refusal as AuthRefusal);
      if (where === 'newEmail') setError(key);
      else setMessage({ severity: 'error', text: t(key) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby="change-email-title"
    >
      <Typography id="change-email-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('security.emailTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('security.currentEmail', { email })} {t('security.emailHint')}
      </Typography>
      <TextField
        label={t('security.newEmail')}
        name="newEmail"
        type="email"
        autoComplete="email"
        fullWidth
        value={newEmail}
        onChange={(event) => {
          setNewEmail(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ? t(error) : undefined}
      />
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="outlined"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('security.changeEmail')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The profile's security section: a password account changes its password and e-mail address here; an account
 * that signs in through a provider is told where those live.
 */
export function SecuritySection({ email, name }: { email: string; name: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [kinds, setKinds] = useState<string[] | null>(null);
  const methods = useGetSignInMethodsQuery();
  useEffect(() => {
    let live = true;
    dispatch(loadSignInKinds())
      .unwrap()
      .then((found) => live && setKinds(found))
      .catch(() => live && setKinds([]));
    return () => {
      live = false;
    };
  }, [dispatch]);
  const hasPassword = kinds?.includes('credential') ?? false;
  const providerId = kinds?.find((kind) => kind !== 'credential');
  const provider = methods.data?.providers.find((known) => known.id === providerId)?.name ?? providerId;
  return (
    <Stack component="section" spacing={3} sx={{ mt: 5 }} aria-labelledby="security-title">
      <Typography id="security-title" variant="h6" component="h2">
        {t('security.title')}
      </Typography>
      {kinds === null && <CircularProgress size={24} aria-label={t('app.loading')} />}
      {kinds !== null && !hasPassword && provider && (
        <Typography variant="body2" color="text.secondary">
          {t('security.providerAccount', { provider })}
        </Typography>
      )}
      {hasPassword && (
        <>
          <ChangePasswordForm context={[name, email]} />
          <ChangeEmailForm email={email} />
        </>
      )}
    </Stack>
  );
}
