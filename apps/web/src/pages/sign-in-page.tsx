import { useEffect, useRef, useState, type FormEvent } from 'react';
import GoogleIcon from '@mui/icons-material/Google';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useGetSignInMethodsQuery } from '../api/bops.api.ts';
import type { SignInProvider } from '@bops/shared/api/auth';
import {
  completeRedirectSignIn,
  completeSignIn,
  signInWithEmail,
  signInWithProvider,
  signUpWithEmail,
} from '../auth/account.thunks.ts';
import { isPopupMessage, popupChannelName } from '../auth/popup-watch.ts';
import { resolveSignInTarget } from '../auth/redirect-target.ts';
import {
  loadPasswordRule,
  newPasswordErrorKey,
  validateSignInForm,
  type SignInFormErrors,
  type SignInFormMode,
  type SignInFormValues,
} from '../auth/sign-in-form.ts';
import { defaultSignedInPath, isSharedMusicPath, paths } from '../navigation/route-paths.ts';
import { emailProblem, securityErrorOf, type AuthRefusal } from '../auth/account-security.ts';
import { requestPasswordReset } from '../auth/account-security.thunks.ts';
import { signInReset } from '../store/account.slice.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { Status } from '../store/status.ts';

function ProviderButton({
  provider,
  loading,
  onClick,
}: {
  provider: SignInProvider;
  loading: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const Icon = provider.id === 'google' ? GoogleIcon : KeyIcon;
  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      disabled={loading}
      startIcon={loading ? <CircularProgress size={18} color="inherit" /> : <Icon />}
      onClick={onClick}
    >
      {t('signIn.continueWith', { provider: provider.name })}
    </Button>
  );
}

/** "Forgot password?": asks for the address and has a single-use reset link mailed to it. */
function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      await dispatch(requestPasswordReset({ email: email.trim() })).unwrap();
      setSentTo(email.trim());
    } catch (refusal) {
      setFailure(t(securityErrorOf(refusal as AuthRefusal).key));
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
      aria-labelledby="forgot-title"
    >
      <Typography id="forgot-title" variant="h6" component="h2">
        {t('security.forgotTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('security.forgotHint')}
      </Typography>
      <TextField
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="email"
        fullWidth
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ? t(error) : undefined}
      />
      {sentTo && (
        <Alert severity="success" role="status">
          {t('security.resetLinkSent', { email: sentTo })}
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {t('security.sendResetLink')}
      </Button>
      <Button onClick={onBack}>{t('security.backToSignIn')}</Button>
    </Stack>
  );
}

function LocalAccountForm({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const [mode, setMode] = useState<SignInFormMode>('signIn');
  const forgot = search.get('forgot') === '1';
  const setForgot = (open: boolean) => {
    const next = new URLSearchParams(search);
    if (open) next.set('forgot', '1');
    else next.delete('forgot');
    setSearch(next, { replace: true });
    dispatch(signInReset());
  };
  const [values, setValues] = useState<SignInFormValues>({ name: '', email: '', password: '', terms: false });
  const [errors, setErrors] = useState<SignInFormErrors>({});
  const field = (name: 'name' | 'email' | 'password') => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [name]: event.target.value });
      if (errors[name]) setErrors({ ...errors, [name]: undefined });
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : undefined,
    fullWidth: true,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignInForm(values, mode);
    if (mode === 'createAccount' && !found.password) {
      const weak = await newPasswordErrorKey(values);
      if (weak) found.password = weak;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = values.email.trim();
    if (mode === 'signIn') void dispatch(signInWithEmail({ email, password: values.password }));
    // The form's check above already refused an unticked box; the server refuses it too.
    else if (values.terms)
      void dispatch(
        signUpWithEmail({
          name: values.name.trim(),
          email,
          password: values.password,
          acceptedTerms: values.terms,
        }),
      );
  };
  if (forgot) return <ForgotPasswordForm initialEmail={values.email} onBack={() => setForgot(false)} />;
  return (
    <Box>
      <Tabs
        value={mode}
        onChange={(_event, next: SignInFormMode) => {
          // The password rule's word lists load while the person fills the form in.
          if (next === 'createAccount') void loadPasswordRule();
          setMode(next);
          setErrors({});
          dispatch(signInReset());
        }}
        variant="fullWidth"
        sx={{ mb: 2 }}
      >
        <Tab value="signIn" label={t('signIn.signInTab')} />
        <Tab value="createAccount" label={t('signIn.createAccountTab')} />
      </Tabs>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event: FormEvent) => void submit(event)}
        aria-label={t(`signIn.${mode}Tab`)}
      >
        {mode === 'createAccount' && (
          <TextField label={t('signIn.name')} autoComplete="name" {...field('name')} />
        )}
        <TextField label={t('signIn.email')} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
          {...field('password')}
          helperText={
            errors.password
              ? t(errors.password)
              : mode === 'createAccount'
                ? t('signIn.passwordRule')
                : undefined
          }
        />
        {mode === 'createAccount' && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.terms}
                  onChange={(event) => {
                    setValues({ ...values, terms: event.target.checked });
                    if (errors.terms) setErrors({ ...errors, terms: undefined });
                  }}
                  name="terms"
                />
              }
              label={
                <Trans
                  i18nKey="legal.confirmAgeAndTerms"
                  components={{
                    termsLink: (
                      <Link
                        component={RouterLink}
                        to={paths.termsAndConditions}
                        target="_blank"
                        rel="noopener"
                      />
                    ),
                  }}
                />
              }
            />
            {errors.terms && <FormHelperText error>{t(errors.terms)}</FormHelperText>}
          </Box>
        )}
        {mode === 'signIn' && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setForgot(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('security.forgotLink')}
          </Link>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {mode === 'signIn' ? t('signIn.submitSignIn') : t('signIn.submitCreateAccount')}
        </Button>
      </Stack>
    </Box>
  );
}

export default function SignInPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const signIn = useAppSelector((state) => state.account.signIn);
  const methods = useGetSignInMethodsQuery();
  const target = resolveSignInTarget(location.state, search.get('next'), defaultSignedInPath);
  const shared = search.get('shared') === '1' || isSharedMusicPath(target);
  const loading = signIn.status === Status.LOADING;

  // A redirect sign-in comes back here: finish it once, then drop the markers so a reload doesn't repeat it.
  const redirectHandled = useRef(false);
  useEffect(() => {
    if (redirectHandled.current || search.get('redirected') !== '1') return;
    redirectHandled.current = true;
    void dispatch(completeRedirectSignIn({ error: search.get('error') }));
    const cleaned = new URLSearchParams(search);
    cleaned.delete('redirected');
    cleaned.delete('error');
    setSearch(cleaned, { replace: true, state: location.state });
  }, [dispatch, search, setSearch, location.state]);

  useEffect(() => {
    if (authenticated) void navigate(target, { replace: true, state: { backToHome: true } });
  }, [authenticated, navigate, target]);

  // A provider page with a strict opener policy cuts the popup off from this window, which then reads as
  // closed and resets; the popup still finishes and says so on the same-origin channel. Finish here too.
  const signInStatus = useRef(signIn.status);
  useEffect(() => {
    signInStatus.current = signIn.status;
  }, [signIn.status]);
  useEffect(() => {
    if (authenticated || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(popupChannelName);
    channel.onmessage = (event: MessageEvent) => {
      if (isPopupMessage(event.data) && event.data.ok && signInStatus.current !== Status.LOADING) {
        void dispatch(completeSignIn());
      }
    };
    return () => channel.close();
  }, [authenticated, dispatch]);

  const providers = methods.data?.providers ?? [];
  const emailPassword = methods.data?.emailPassword ?? false;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
          {shared ? t('signIn.sharedTitle') : t('signIn.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {shared ? t('signIn.sharedSubtitle') : t('signIn.subtitle')}
        </Typography>
        {signIn.status === Status.ERROR && signIn.message && (
          <Alert severity="error" sx={{ mb: 3 }} role="alert">
            {signIn.popupMessage ? <AlertTitle>{t(signIn.message)}</AlertTitle> : t(signIn.message)}
            {signIn.popupMessage && t(signIn.popupMessage)}
          </Alert>
        )}
        {methods.isLoading && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        )}
        {methods.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void methods.refetch()}>
                {t('signIn.retry')}
              </Button>
            }
          >
            {t('signIn.methodsFailed')}
          </Alert>
        )}
        {methods.isSuccess && providers.length === 0 && !emailPassword && (
          <Alert severity="warning">{t('signIn.noMethods')}</Alert>
        )}
        {providers.length > 0 && (
          <Stack spacing={1.5}>
            {providers.map((provider) => (
              <ProviderButton
                key={provider.id}
                provider={provider}
                loading={loading}
                onClick={() => void dispatch(signInWithProvider({ providerId: provider.id, target }))}
              />
            ))}
            {loading && (
              <Typography variant="body2" color="text.secondary" role="status">
                {t('signIn.popupWaiting')}
              </Typography>
            )}
          </Stack>
        )}
        {providers.length > 0 && emailPassword && <Divider sx={{ my: 3 }}>{t('signIn.or')}</Divider>}
        {emailPassword && <LocalAccountForm busy={loading} />}
      </Paper>
    </Container>
  );
}
