import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { AI_SINGER_NAME_MAX_CHARS } from '@bops/shared/api/voice-clone';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import MicIcon from '@mui/icons-material/Mic';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PHOTO_TYPES, VOICE_SAMPLE_MAX_BYTES } from '@bops/shared';
import { track } from '../analytics/analytics.ts';
import { useCreateVoiceCloneMutation } from '../api/voice-clone.api.ts';
import { paths } from '../navigation/route-paths.ts';
import { checkPhoto } from '../pages/profile-form.ts';
import { useAppSelector } from '../store/hooks.ts';
import { Status } from '../store/status.ts';
import { formatBytes, useObjectUrl } from './use-object-url.ts';
import { ErrorAlert } from './error-alert.tsx';
import { voiceCloneError, type ShownError } from './voice-clone-errors.ts';
import { rememberBuild, shownEstimateSeconds } from './voice-build-progress.ts';
import { VoiceRecorderPanel } from './voice-recorder-panel.tsx';
import { browserRecorderEnvironment, VoiceRecorder, type RecordedSample } from './voice-recorder.ts';

/** The server's own caps (the shared contract), so the hints and checks say what the upload route does. */
export const AUDIO_MAX_BYTES = VOICE_SAMPLE_MAX_BYTES;
export const NICKNAME_MAX = AI_SINGER_NAME_MAX_CHARS;
const audioAccept = '.wav,.m4a,.mp3,.ogg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/mpeg,audio/ogg';

type Source = 'record' | 'upload';

interface FormErrors {
  sample?: string;
  nickname?: string;
  terms?: string;
  photo?: string;
}

export interface CaptureValues {
  sample: Blob | null;
  nickname: string;
  terms: boolean;
}

/** What stops the form from going to the server, as i18n keys per field. */
export function validateCapture(values: CaptureValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.sample) errors.sample = 'voiceCloning.sampleRequired';
  else if (values.sample.size > AUDIO_MAX_BYTES) errors.sample = 'voiceCloning.errors.tooLarge';
  const nickname = values.nickname.trim();
  if (!nickname) errors.nickname = 'validation.required';
  else if (nickname.length > NICKNAME_MAX) errors.nickname = 'validation.tooLong';
  if (!values.terms) errors.terms = 'legal.confirmAgeAndTermsRequired';
  return errors;
}

/** Step 1: the voice sample (recorded or uploaded), its nickname, an optional photo, and the confirmation. */
export function VoiceCaptureStep({ storage = window.sessionStorage }: { storage?: Storage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [recorder] = useState(() => new VoiceRecorder(browserRecorderEnvironment()));
  const [source, setSource] = useState<Source>('record');
  const [recorded, setRecorded] = useState<RecordedSample | null>(null);
  const [uploaded, setUploaded] = useState<File | null>(null);
  const [nickname, setNickname] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitError, setSubmitError] = useState<ShownError | null>(null);
  const [createVoiceClone] = useCreateVoiceCloneMutation();
  const createStatus = useAppSelector((state) => state.voiceProfile.createStatus);
  const audioInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const uploadUrl = useObjectUrl(uploaded);
  const photoUrl = useObjectUrl(photo);

  // Leaving the page lets go of the microphone.
  useEffect(() => () => recorder.reset(), [recorder]);

  const sample: { blob: Blob; fileName: string } | null =
    source === 'record'
      ? recorded && { blob: recorded.blob, fileName: recorded.fileName }
      : uploaded && { blob: uploaded, fileName: uploaded.name };

  const clearError = (field: keyof FormErrors) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    setSubmitError(null);
  };

  const chooseAudio = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploaded(file);
    clearError('sample');
    track('upload_voice_file', { contentName: file.type || 'unknown', value: file.size });
    if (file.size > AUDIO_MAX_BYTES) setErrors({ ...errors, sample: 'voiceCloning.errors.tooLarge' });
  };

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setErrors({ ...errors, photo: problem });
      return;
    }
    setErrors({ ...errors, photo: undefined });
    setPhoto(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCapture({ sample: sample?.blob ?? null, nickname, terms });
    setErrors({ ...found, photo: errors.photo });
    if (Object.keys(found).length > 0 || !sample) return;
    setSubmitError(null);
    track('submit_voice_clone', { contentName: nickname.trim(), description: source });
    try {
      const created = await createVoiceClone({
        nickname: nickname.trim(),
        audio: sample.blob,
        audioFileName: sample.fileName,
        photo,
        // The recorder shows the guided reading; an upload may be anything.
        reading: source === 'record' ? 'guided' : 'free',
      }).unwrap();
      rememberBuild(storage, created.voiceProfileId, {
        startedAt: Date.now(),
        estimateSeconds: shownEstimateSeconds(created.estimation),
      });
      recorder.reset();
      navigate(`${paths.voiceCloningStep(2)}?id=${encodeURIComponent(created.voiceProfileId)}`);
    } catch (error) {
      setSubmitError(voiceCloneError(error));
    }
  };

  const saving = createStatus === Status.SAVING;
  const fieldError = (key: string | undefined) => (key ? t(key, { max: NICKNAME_MAX }) : undefined);

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => void submit(event)}
      aria-label={t('voiceCloning.title')}
    >
      <Typography>{t('voiceCloning.intro')}</Typography>
      <Box component="section" aria-label={t('voiceCloning.sourceLabel')}>
        <Tabs
          value={source}
          onChange={(_event, value: Source) => {
            setSource(value);
            clearError('sample');
          }}
          aria-label={t('voiceCloning.sourceLabel')}
          sx={{ mb: 2 }}
        >
          <Tab value="record" label={t('voiceCloning.record')} icon={<MicIcon />} iconPosition="start" />
          <Tab
            value="upload"
            label={t('voiceCloning.upload')}
            icon={<UploadFileIcon />}
            iconPosition="start"
          />
        </Tabs>
        {source === 'record' ? (
          <VoiceRecorderPanel
            recorder={recorder}
            onSample={(next) => {
              setRecorded(next);
              if (next) clearError('sample');
            }}
          />
        ) : (
          <Box>
            <input
              ref={audioInput}
              type="file"
              accept={audioAccept}
              hidden
              data-testid="audio-input"
              onChange={chooseAudio}
            />
            <Button
              variant="outlined"
              startIcon={<AudioFileIcon />}
              onClick={() => audioInput.current?.click()}
            >
              {uploaded ? t('voiceCloning.uploader.replace') : t('voiceCloning.uploader.choose')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('voiceCloning.uploader.formats', { megabytes: AUDIO_MAX_BYTES / (1024 * 1024) })}
            </Typography>
            {uploaded && (
              <Box sx={{ mt: 1 }}>
                <Typography data-testid="chosen-file">
                  {t('voiceCloning.uploader.chosen', {
                    name: uploaded.name,
                    size: formatBytes(uploaded.size),
                  })}
                </Typography>
                {uploadUrl && (
                  <audio
                    controls
                    src={uploadUrl}
                    aria-label={t('voiceCloning.recorder.preview')}
                    style={{ width: '100%', marginTop: 8 }}
                  />
                )}
              </Box>
            )}
          </Box>
        )}
        {errors.sample && (
          <FormHelperText error sx={{ mt: 1 }}>
            {t(errors.sample)}
          </FormHelperText>
        )}
      </Box>
      <TextField
        label={t('voiceCloning.nickname')}
        name="voice_clone_nickname"
        required
        fullWidth
        value={nickname}
        onChange={(event) => {
          setNickname(event.target.value);
          clearError('nickname');
        }}
        error={Boolean(errors.nickname)}
        helperText={fieldError(errors.nickname) ?? t('voiceCloning.nicknameHelp')}
        slotProps={{ htmlInput: { maxLength: NICKNAME_MAX + 10 } }}
      />
      <Box>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
          {t('voiceCloning.photo')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={photoUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            <PhotoCameraIcon />
          </Avatar>
          <input
            ref={photoInput}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hidden
            data-testid="photo-input"
            onChange={choosePhoto}
          />
          <Button variant="outlined" onClick={() => photoInput.current?.click()}>
            {photo ? t('voiceCloning.changePhoto') : t('voiceCloning.addPhoto')}
          </Button>
          {photo && <Button onClick={() => setPhoto(null)}>{t('voiceCloning.removePhoto')}</Button>}
        </Stack>
        {errors.photo && (
          <FormHelperText error sx={{ mt: 1 }}>
            {t(errors.photo)}
          </FormHelperText>
        )}
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={terms}
              onChange={(event) => {
                setTerms(event.target.checked);
                clearError('terms');
              }}
              name="terms"
            />
          }
          label={
            <Trans
              i18nKey="legal.confirmAgeAndTerms"
              components={{
                termsLink: (
                  <Link component={RouterLink} to={paths.termsAndConditions} target="_blank" rel="noopener" />
                ),
              }}
            />
          }
        />
        {errors.terms && <FormHelperText error>{t(errors.terms)}</FormHelperText>}
      </Box>
      {submitError && <ErrorAlert error={submitError} />}
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {saving ? t('voiceCloning.submitting') : t('voiceCloning.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
