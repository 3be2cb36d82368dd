import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { track } from '../analytics/analytics.ts';
import { creationApi, musicIdOf, useCreateMusicMutation } from '../api/creation.api.ts';
import { startCountdown } from '../countdown/countdown-host.tsx';
import { shownEstimationSeconds } from '../countdown/countdown-tasks.ts';
import { paths } from '../navigation/route-paths.ts';
import { draftChanged } from '../store/creation.slice.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { DailyAllowanceNote } from './daily-allowance-note.tsx';
import { RapDetailsFields } from './rap-details-fields.tsx';
import { RapFinishFields } from './rap-finish-fields.tsx';
import {
  allowedStep,
  describeCreateFailure,
  lastFormStep,
  NO_MUSIC,
  rapSteps,
  stepOfField,
  toCreateMusicRequest,
  validateStep,
  type RapFormErrors,
} from './rap-form.ts';
import type { RapDraft } from '../store/rap-draft.ts';
import { RapLyricsFields } from './rap-lyrics-fields.tsx';
import { RapMusicFields } from './rap-music-fields.tsx';
import { RapStepFrame } from './rap-step-frame.tsx';
import { RapVoiceFields } from './rap-voice-fields.tsx';

/** The URL of the progress view of a creation. */
export function progressPath(taskId: string): string {
  return `${paths.rapStep(lastFormStep + 1)}?task=${encodeURIComponent(taskId)}`;
}

/** One form step of the rap generator; its values live in the creation area so back and next keep them. */
export function RapFormStep({ step }: { step: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const draft = useAppSelector((state) => state.creation.draft);
  const displayName = useAppSelector((state) => state.account.user?.displayName ?? '');
  const [errors, setErrors] = useState<RapFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [createMusic, creation] = useCreateMusicMutation();
  const selectionsFailed = creationApi.endpoints.getMusicSelections.useQueryState().isError;

  // The creator is the user unless they say otherwise.
  useEffect(() => {
    if (draft.creatorNickname === '' && displayName !== '')
      dispatch(draftChanged({ creatorNickname: displayName }));
    // Only on arrival: clearing the field on purpose must stay cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const allowed = allowedStep(step, draft);
  if (allowed !== step) return <Navigate to={paths.rapStep(allowed)} replace />;

  const change = (patch: Partial<RapDraft>) => {
    dispatch(draftChanged(patch));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof RapDraft)[]) delete next[key];
      return next;
    });
    setFailure(null);
  };

  const submit = async (values: RapDraft) => {
    for (const { step: each } of rapSteps) {
      if (Object.keys(validateStep(each, values)).length > 0) {
        navigate(paths.rapStep(each));
        return;
      }
    }
    setFailure(null);
    track('submit_rap', { contentName: values.musicName.trim() });
    try {
      const result = await createMusic(toCreateMusicRequest(values)).unwrap();
      const musicId = musicIdOf(result);
      track('create', { contentId: musicId ?? result.task_id, contentName: values.musicName.trim() });
      startCountdown({
        taskId: result.task_id,
        startTimestamp: Date.now(),
        duration: shownEstimationSeconds(result.estimation) * 1000,
        musicId,
      });
      navigate(progressPath(result.task_id));
    } catch (error) {
      const described = describeCreateFailure(error);
      if (described.kind === 'field') {
        // The form checks what the server checks, so this is rare: say it here, beside the field if it is here.
        if (stepOfField(described.field) === step)
          setErrors({ [described.field]: { key: 'rap.errors.generic', text: described.message } });
        setFailure(described.message);
      } else {
        setFailure(t(described.kind === 'dailyLimit' ? 'rap.errors.dailyLimit' : 'rap.errors.generic'));
      }
    }
  };

  const next = () => {
    // A music list that can't load must not stop anyone: they go on without music.
    const values: RapDraft =
      step === 4 && selectionsFailed && draft.mixMusicId === '' ? { ...draft, mixMusicId: NO_MUSIC } : draft;
    if (values !== draft) dispatch(draftChanged({ mixMusicId: values.mixMusicId }));
    const found = validateStep(step, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step < lastFormStep) navigate(paths.rapStep(step + 1));
    else void submit(values);
  };

  const fieldsProps = { draft, errors, onChange: change };
  const submitting = creation.isLoading;
  return (
    <RapStepFrame
      step={step}
      onBack={step > 1 ? () => navigate(paths.rapStep(step - 1)) : undefined}
      onNext={next}
      nextLabel={step === lastFormStep ? t(submitting ? 'rap.creating' : 'rap.create') : undefined}
      nextDisabled={submitting}
      nextIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      <DailyAllowanceNote />
      {step === 1 && <RapDetailsFields {...fieldsProps} />}
      {step === 2 && <RapVoiceFields {...fieldsProps} />}
      {step === 3 && <RapLyricsFields {...fieldsProps} />}
      {step === 4 && <RapMusicFields {...fieldsProps} />}
      {step === 5 && <RapFinishFields {...fieldsProps} />}
      {failure && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {failure}
        </Alert>
      )}
    </RapStepFrame>
  );
}
