import { VOICE_READING_SCRIPT } from '@bops/shared/api/voice-clone';
import { useEffect, useState, useSyncExternalStore } from 'react';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicIcon from '@mui/icons-material/Mic';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { track } from '../analytics/analytics.ts';
import { formatClock, useObjectUrl } from './use-object-url.ts';
import {
  MAX_RECORDING_MS,
  MIN_RECORDING_MS,
  SUGGESTED_RECORDING_MS,
  type RecordedSample,
  type VoiceRecorder,
} from './voice-recorder.ts';

const tickMs = 200;

/** The running time, redrawn while a take is going; the recorder's clock is the truth, the tick only repaints. */
function useElapsed(recorder: VoiceRecorder, running: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setTick((tick) => tick + 1), tickMs);
    return () => window.clearInterval(timer);
  }, [recorder, running]);
  return recorder.elapsedMs();
}

function Prompts() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {t('voiceCloning.recorder.readTitle')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mt: 0.5, mb: 1.5 }}>
        {VOICE_READING_SCRIPT.split('\n').map((line) => (
          <li key={line}>
            <Typography>{line}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="subtitle2" color="text.secondary">
        {t('voiceCloning.recorder.scaleTitle')}
      </Typography>
      <Typography sx={{ fontWeight: 700, letterSpacing: 0.5 }} data-testid="scale-up">
        {t('voiceCloning.recorder.scaleUp')}
      </Typography>
      <Typography sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        {t('voiceCloning.recorder.scaleDown')}
      </Typography>
    </Paper>
  );
}

/**
 * Recording in the browser: start, pause, resume and finish with a running timer. A finished take is handed up;
 * a refused one (too short, no microphone) is explained here.
 */
export function VoiceRecorderPanel({
  recorder,
  onSample,
}: {
  recorder: VoiceRecorder;
  onSample: (sample: RecordedSample | null) => void;
}) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(recorder.subscribe, recorder.getSnapshot);
  const { status, problem, sample } = snapshot;
  const running = status === 'recording';
  const elapsed = useElapsed(recorder, running);
  const previewUrl = useObjectUrl(sample?.blob);

  const finish = async () => {
    const seconds = Math.round(recorder.elapsedMs() / 1000);
    const finished = await recorder.finish();
    track('record_voice_finish', { value: seconds, description: finished ? 'accepted' : 'too short' });
    onSample(finished);
  };

  // The server refuses samples past five minutes, so a forgotten recorder stops itself there.
  useEffect(() => {
    if (running && elapsed >= MAX_RECORDING_MS) void finish();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, elapsed]);

  if (!recorder.supported) {
    return (
      <Alert severity="warning" data-testid="recording-unsupported">
        {t('voiceCloning.recorder.unsupported')}
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('voiceCloning.recorder.unsupportedHint')}
        </Typography>
      </Alert>
    );
  }

  const start = async () => {
    onSample(null);
    track('record_voice_start');
    await recorder.start();
  };
  const pause = () => {
    recorder.pause();
    track('record_voice_pause', { value: Math.round(recorder.elapsedMs() / 1000) });
  };
  const resume = () => {
    recorder.resume();
    track('record_voice_resume', { value: Math.round(recorder.elapsedMs() / 1000) });
  };

  const active = status === 'recording' || status === 'paused' || status === 'stopping';
  const secondsToMinimum = Math.ceil((MIN_RECORDING_MS - elapsed) / 1000);
  const guidance =
    elapsed < MIN_RECORDING_MS
      ? t('voiceCloning.recorder.minimumLeft', { seconds: secondsToMinimum })
      : elapsed < SUGGESTED_RECORDING_MS
        ? t('voiceCloning.recorder.minimumReached')
        : t('voiceCloning.recorder.suggestedReached');

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('voiceCloning.recorder.instruction')}
      </Typography>
      <Prompts />
      {problem && problem !== 'unsupported' && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {t(`voiceCloning.recorder.${problem}`)}
        </Alert>
      )}
      {active && (
        <Box sx={{ mb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FiberManualRecordIcon color={running ? 'error' : 'disabled'} fontSize="small" aria-hidden />
            <Typography variant="body2">
              {status === 'paused' ? t('voiceCloning.recorder.paused') : t('voiceCloning.recorder.recording')}
            </Typography>
            <Typography
              component="output"
              aria-label={t('voiceCloning.recorder.timerLabel')}
              data-testid="recording-timer"
              sx={{
                fontVariantNumeric: 'tabular-nums',
                fontWeight: 700,
                fontSize: 28,
                ml: 'auto !important',
              }}
            >
              {formatClock(elapsed)}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (elapsed / SUGGESTED_RECORDING_MS) * 100)}
            color={elapsed < MIN_RECORDING_MS ? 'secondary' : 'primary'}
            sx={{ my: 1, height: 8, borderRadius: 4 }}
            aria-label={t('voiceCloning.recorder.timerLabel')}
          />
          <Typography variant="body2" color="text.secondary">
            {guidance}
          </Typography>
        </Box>
      )}
      {status === 'starting' && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('voiceCloning.recorder.starting')}
        </Typography>
      )}
      {status === 'finished' && sample && (
        <Box sx={{ mb: 2 }}>
          <Alert severity="success" sx={{ mb: 1 }}>
            {t('voiceCloning.recorder.finished', { duration: formatClock(sample.durationMs) })}
          </Alert>
          {previewUrl && (
            <audio
              controls
              src={previewUrl}
              aria-label={t('voiceCloning.recorder.preview')}
              style={{ width: '100%' }}
            />
          )}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(status === 'idle' || status === 'starting') && (
          <Button
            variant="contained"
            startIcon={<MicIcon />}
            disabled={status === 'starting'}
            onClick={() => void start()}
          >
            {t('voiceCloning.recorder.start')}
          </Button>
        )}
        {status === 'recording' && (
          <Button variant="outlined" startIcon={<PauseIcon />} onClick={pause}>
            {t('voiceCloning.recorder.pause')}
          </Button>
        )}
        {status === 'paused' && (
          <Button variant="outlined" startIcon={<PlayArrowIcon />} onClick={resume}>
            {t('voiceCloning.recorder.resume')}
          </Button>
        )}
        {(status === 'recording' || status === 'paused') && (
          <Button variant="contained" startIcon={<StopIcon />} onClick={() => void finish()}>
            {t('voiceCloning.recorder.finish')}
          </Button>
        )}
        {status === 'finished' && (
          <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => void start()}>
            {t('voiceCloning.recorder.again')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
