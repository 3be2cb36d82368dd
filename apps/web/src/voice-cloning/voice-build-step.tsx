import { useEffect, useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ApiError } from '../api/envelope-base-query.ts';
import { useRetrieveVoiceCloneQuery, voiceCloneApi } from '../api/voice-clone.api.ts';
import { paths } from '../navigation/route-paths.ts';
import { ErrorAlert } from './error-alert.tsx';
import { useProfileRefresh } from './use-profile-sync.ts';
import {
  buildPhases,
  buildProgress,
  phaseNameKey,
  phaseSubtitleKey,
  recallBuild,
  shownEstimateSeconds,
} from './voice-build-progress.ts';
import { voiceCloneError } from './voice-clone-errors.ts';

/** How often the build status is asked for (docs/PRODUCT.md#constants). */
export const POLL_MS = 2000;
const frameMs = 250;

function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), frameMs);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

/** Step 2: the build of the AI singer just submitted (`?id=`), followed until it is ready or has failed. */
export function VoiceBuildStep({ storage = window.sessionStorage }: { storage?: Storage }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  // Polling stops once the cached answer says the build is over.
  const cachedStatus = voiceCloneApi.endpoints.retrieveVoiceClone.useQueryState(id, { skip: !id }).data
    ?.status;
  const over = cachedStatus === 'ready' || cachedStatus === 'failed';
  const { data, error } = useRetrieveVoiceCloneQuery(id, {
    skip: !id,
    pollingInterval: over ? 0 : POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const status = data?.status;
  const finished = status === 'ready' || status === 'failed';
  useProfileRefresh(status === 'ready');
  const now = useNow(!finished);

  const missing = !id || (error as Partial<ApiError> | undefined)?.status === 404;
  if (missing) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">{t('voiceCloning.progress.missing')}</Alert>
        <Button component={RouterLink} to={paths.voiceCloningStep(1)} variant="contained">
          {t('voiceCloning.progress.startOver')}
        </Button>
      </Stack>
    );
  }
  if (!data) {
    return error ? <ErrorAlert error={voiceCloneError(error)} /> : <LinearProgress aria-busy="true" />;
  }

  const name = data.voice_clone_nickname;
  if (status === 'ready') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="voice-ready">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={data.imageFileUrl || undefined} alt="" sx={{ width: 64, height: 64 }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Box>
            <Typography variant="h5" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CheckCircleIcon color="primary" aria-hidden />
              {t('voiceCloning.progress.completedTitle')}
            </Typography>
            <Typography>{t('voiceCloning.progress.completedMessage', { name })}</Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={paths.rapStep(1)} variant="contained" size="large">
            {t('voiceCloning.progress.makeRap')}
          </Button>
          <Button component={RouterLink} to={paths.manage} variant="outlined" size="large">
            {t('voiceCloning.progress.manage')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (status === 'failed') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          <AlertTitle>{t('voiceCloning.progress.failedTitle')}</AlertTitle>
          {data.failure_reason || t('voiceCloning.errors.genericText')}
        </Alert>
        <Button component={RouterLink} to={paths.voiceCloningStep(1)} variant="contained">
          {t('voiceCloning.progress.tryAgain')}
        </Button>
      </Stack>
    );
  }

  // Without a countdown kept in this tab (another tab, a link from the mail), the server's start time serves.
  const remembered = recallBuild(storage, id);
  const startedAt = remembered?.startedAt ?? Date.parse(data.created);
  const estimate = remembered?.estimateSeconds ?? shownEstimateSeconds(undefined);
  const phase = data.build_phase ?? null;
  const progress = buildProgress(phase, now - startedAt, estimate);
  return (
    <Stack spacing={2} data-testid="voice-building">
      <Typography variant="h5" component="h2">
        {t('voiceCloning.progress.title', { name })}
      </Typography>
      <Box>
        {progress.phaseNumber > 0 && (
          <Typography variant="overline" color="text.secondary">
            {t('voiceCloning.progress.phaseOf', { index: progress.phaseNumber, total: buildPhases.length })}
          </Typography>
        )}
        <Typography variant="h6" component="p" aria-live="polite" data-testid="build-phase">
          {t(phaseNameKey(phase))}
        </Typography>
        <Typography color="text.secondary">{t(phaseSubtitleKey(phase))}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.round(progress.fraction * 100)}
        sx={{ height: 10, borderRadius: 5 }}
        aria-label={t('voiceCloning.progress.title', { name })}
      />
      <Typography>
        {progress.overdue
          ? t('voiceCloning.progress.overdue')
          : t('voiceCloning.progress.estimate', { count: progress.secondsLeft })}
      </Typography>
      <Alert icon={<EmailOutlinedIcon />} severity="info">
        {t('voiceCloning.progress.email')}
      </Alert>
      {error && <ErrorAlert error={voiceCloneError(error)} />}
    </Stack>
  );
}
