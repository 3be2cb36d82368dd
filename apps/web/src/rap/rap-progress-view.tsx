import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import type { CreationProgress } from '@bops/shared/api/creation';
import { creationApi } from '../api/creation.api.ts';
import type { ApiError } from '../api/envelope-base-query.ts';
import { finishCountdown } from '../countdown/countdown-host.tsx';
import { findTask, remainingMs } from '../countdown/countdown-tasks.ts';
import { paths } from '../navigation/route-paths.ts';
import { PageLayout } from '../pages/page-layout.tsx';
import { draftReset } from '../store/creation.slice.ts';
import { useAppDispatch } from '../store/hooks.ts';
import type { AppDispatch } from '../store/store.ts';
import { followCreation, isFinished, type FollowDeps } from './creation-follow.ts';
import {
  formatClock,
  pacedProgress,
  phaseIndexOf,
  rapProgressCompleted,
  rapProgressPhases,
  type ProgressPhase,
} from './rap-progress-wording.ts';
import { RapResultView } from './rap-result-view.tsx';

function browserFollowDeps(dispatch: AppDispatch): FollowDeps {
  return {
    openEvents: (url) => (typeof EventSource === 'function' ? new EventSource(url) : null),
    fetchProgress: (taskId) =>
      dispatch(
        creationApi.endpoints.getCreation.initiate(taskId, { forceRefetch: true, subscribe: false }),
      ).unwrap(),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  };
}

/** How often the bar and the countdown move between server reports. */
const frameMs = 250;

/** One progress track (docs/PRODUCT.md#entities "Progress wording"): its phases and the texts around them. */
export interface ProgressTrack {
  phases: readonly ProgressPhase[];
  completed: { titleKey: string; messageKey: string };
  /** i18n prefix of the track's own texts: `{prefix}.progress.*` and `{prefix}.result.another`. */
  textPrefix: string;
  /** Where "create another" leads. */
  restartPath: string;
  /** Shown under the completed message. */
  result(musicId: string): ReactNode;
}

const rapTrack: ProgressTrack = {
  phases: rapProgressPhases,
  completed: rapProgressCompleted,
  textPrefix: 'rap',
  restartPath: paths.rapStep(1),
  result: (musicId) => <RapResultView musicId={musicId} />,
};

interface Display {
  phaseIndex: number;
  /** 0..1, never going back. */
  shown: number;
  /** Ms left on this creation's countdown; 0 when it ran out or the browser holds none. */
  left: number;
}

/** How a creation is going (phases, bar, countdown), then the track's result; shared by the rap and the cover. */
export function CreationProgressPanel({ taskId, track }: { taskId: string; track: ProgressTrack }) {
  const { phases, textPrefix: prefix } = track;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [report, setReport] = useState<CreationProgress | null>(null);
  const [missing, setMissing] = useState(false);
  const [display, setDisplay] = useState<Display>(() => {
    const task = findTask(window.sessionStorage, taskId);
    return { phaseIndex: 0, shown: 0, left: task ? remainingMs(task, Date.now()) : 0 };
  });
  const latest = useRef<{ report: CreationProgress | null; at: number }>({ report: null, at: 0 });

  const tick = useCallback(() => {
    const now = Date.now();
    const { report: last, at } = latest.current;
    const task = findTask(window.sessionStorage, taskId);
    setDisplay((previous) => {
      const phaseIndex = last ? phaseIndexOf(last, previous.phaseIndex, phases) : 0;
      const paced = pacedProgress({
        serverProgress: last?.progress ?? 0,
        phaseIndex,
        msSinceUpdate: at === 0 ? 0 : now - at,
        phases,
      });
      // The bar never goes back, even when a real report lands behind the animation.
      return { phaseIndex, shown: Math.max(previous.shown, paced), left: task ? remainingMs(task, now) : 0 };
    });
  }, [taskId, phases]);

  useEffect(() => {
    const stop = followCreation(
      taskId,
      {
        onReport: (next) => {
          latest.current = { report: next, at: Date.now() };
          setReport(next);
          tick();
          // The process is over either way: the countdown, counter and playlists follow now.
          if (isFinished(next)) finishCountdown(taskId, next.musicId);
        },
        onError: (error) => {
          if ((error as Partial<ApiError>).status === 404) {
            setMissing(true);
            stop();
          }
        },
      },
      browserFollowDeps(dispatch),
    );
    return stop;
  }, [taskId, dispatch, tick]);

  const finished = report !== null && isFinished(report);
  useEffect(() => {
    if (finished) return;
    const timer = window.setInterval(tick, frameMs);
    return () => window.clearInterval(timer);
  }, [finished, tick]);

  if (missing) {
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={track.restartPath} color="inherit">
            {t(`${prefix}.result.another`)}
          </Button>
        }
      >
        {t(`${prefix}.progress.notFound`)}
      </Alert>
    );
  }

  if (report?.status === 'completed' && report.musicId) {
    return (
      <Stack spacing={3}>
        <Alert icon={<CheckCircleIcon />} severity="success" role="status">
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t(track.completed.titleKey)}
          </Typography>
          {t(track.completed.messageKey)}
        </Alert>
        {track.result(report.musicId)}
      </Stack>
    );
  }

  if (report?.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={track.restartPath} color="inherit">
            {t(`${prefix}.result.another`)}
          </Button>
        }
      >
        {t(`${prefix}.progress.failed`)}
        {report.error ? ` ${report.error}` : ''}
      </Alert>
    );
  }

  const { phaseIndex, shown, left } = display;
  const phase = phases[phaseIndex]!;

  return (
    <Stack spacing={3} role="status" aria-live="polite" data-testid={`${prefix}-progress`}>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t(`${prefix}.progress.phaseOf`, { index: phaseIndex + 1, total: phases.length })}
        </Typography>
        <Typography
          variant="h5"
          component="h2"
          sx={{ fontWeight: 800 }}
          data-testid={`${prefix}-progress-phase`}
        >
          {t(phase.nameKey)}
        </Typography>
        <Typography color="text.secondary">{t(phase.subtitleKey)}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.round(shown * 100)}
        aria-label={t(`${prefix}.progress.title`)}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography data-testid={`${prefix}-countdown`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {left > 0
          ? t(`${prefix}.progress.estimate`, { time: formatClock(left / 1000) })
          : t(`${prefix}.progress.almostThere`)}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
        {phases.map((each, index) => (
          <Typography
            component="li"
            key={each.id}
            variant="body2"
            aria-current={index === phaseIndex ? 'step' : undefined}
            sx={{
              color: index === phaseIndex ? 'primary.main' : index < phaseIndex ? 'text.primary' : undefined,
              fontWeight: index === phaseIndex ? 700 : 400,
            }}
          >
            {t(each.nameKey)}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t(`${prefix}.progress.keepBrowsing`)}
      </Typography>
    </Stack>
  );
}

/** The step after the form: how the creation is going, then the finished rap. */
export function RapProgressView() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  // The form has been sent: the next rap starts from a clean form. (Resetting on the form step itself would send
  // it back to step 1 before the navigation here lands.)
  useEffect(() => {
    dispatch(draftReset());
  }, [dispatch]);
  const taskId = params.get('task');
  if (!taskId) return <Navigate to={paths.rapStep(1)} replace />;
  return (
    <PageLayout title={t('rap.progress.title')}>
      <CreationProgressPanel key={taskId} taskId={taskId} track={rapTrack} />
    </PageLayout>
  );
}
