import { useRef, useState, type DragEvent } from 'react';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SONG_COVER_LIMITS, SONG_FILE_ACCEPT, type CreateSongCoverResult } from '@bops/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { track } from '../analytics/analytics.ts';
import { useGetProfileQuery } from '../api/bops.api.ts';
import { useCreateSongCoverMutation, useGetSongCoverOptionsQuery } from '../api/song-cover.api.ts';
import { startCountdown } from '../countdown/countdown-host.tsx';
import { shownEstimationSeconds } from '../countdown/countdown-tasks.ts';
import { paths } from '../navigation/route-paths.ts';
import {
  describeSongCoverFailure,
  emptySongCoverDraft,
  toSongCoverRequest,
  validateSongCover,
  type SongCoverDraft,
  type SongCoverErrors,
  type SongCoverFailure,
} from './song-cover-form.ts';

const SHIFTS = Array.from(
  { length: SONG_COVER_LIMITS.maxShift - SONG_COVER_LIMITS.minShift + 1 },
  (_, index) => SONG_COVER_LIMITS.minShift + index,
);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** The countdown of a cover just accepted (docs/PRODUCT.md#states), from now. */
function startCoverCountdown(result: CreateSongCoverResult) {
  startCountdown({
    taskId: result.task_id,
    startTimestamp: Date.now(),
    duration: shownEstimationSeconds(result.estimation) * 1000,
    musicId: result.musicId,
  });
}

/** The song remix form (docs/PRODUCT.md#screens-and-routes "Song remix"): an AI singer, a title, a song link or file, and the options. */
export function SongCoverFormView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read fresh: an AI singer may have become ready since the profile was loaded at start-up.
  const profile = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const options = useGetSongCoverOptionsQuery();
  const [createSongCover, creation] = useCreateSongCoverMutation();
  const [draft, setDraft] = useState<SongCoverDraft>(emptySongCoverDraft);
  const [errors, setErrors] = useState<SongCoverErrors>({});
  const [serverText, setServerText] = useState<Partial<Record<keyof SongCoverErrors, string>>>({});
  const [failure, setFailure] = useState<SongCoverFailure | null>(null);
  const [dragging, setDragging] = useState(false);
  const [sourcePicked, setSourcePicked] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const singers = (profile.data?.voiceclones ?? []).map((clone) => ({
    id: clone.voice_clone_id,
    name: clone.voice_clone_nickname,
    ready: clone.status.toLowerCase() === 'ready',
  }));
  const linkImport = options.data?.linkImport;
  const linksUnavailable = linkImport !== undefined && !linkImport.available;
  // Links are the product's way in (docs/PRODUCT.md#validation); a server that cannot fetch them starts on the upload.
  const source = sourcePicked ? draft.source : linksUnavailable ? 'file' : draft.source;
  const chosen = singers.find((singer) => singer.id === draft.voiceCloneId);
  const defaultSinger =
    draft.voiceCloneId || singers.find((singer) => singer.ready)?.id || singers[0]?.id || '';
  const values: SongCoverDraft = { ...draft, source, voiceCloneId: defaultSinger };
  const selected = chosen ?? singers.find((singer) => singer.id === defaultSinger);

  const change = (patch: Partial<SongCoverDraft>) => {
    if (patch.source) setSourcePicked(true);
    setDraft((current) => ({ ...current, source, voiceCloneId: defaultSinger, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      if ('voiceCloneId' in patch) delete next.voiceCloneId;
      if ('title' in patch) delete next.title;
      if ('songUrl' in patch || 'file' in patch || 'source' in patch) delete next.song;
      return next;
    });
    setServerText({});
    setFailure(null);
  };

  const pickFile = (file: File | undefined) => {
    if (file) change({ file, source: 'file' });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pickFile(event.dataTransfer.files[0]);
  };

  const submit = async () => {
    const found = validateSongCover(values);
    setErrors(found);
    // A link this server cannot fetch is answered here, with why, beside the offer to upload.
    setServerText(
      linksUnavailable && values.source === 'link' && !found.song ? { song: linkImport.reason } : {},
    );
    if (Object.keys(found).length > 0 || (linksUnavailable && values.source === 'link')) return;
    if (selected && !selected.ready) {
      setFailure({ kind: 'notReady' });
      return;
    }
    setFailure(null);
    track('submit_song_remix', { contentName: values.title.trim() });
    try {
      const result = await createSongCover({
        fields: toSongCoverRequest(values),
        file: values.source === 'file' ? values.file : null,
      }).unwrap();
      track('create', { contentId: result.musicId, contentName: values.title.trim() });
      startCoverCountdown(result);
      navigate(`${paths.songCover}?task=${encodeURIComponent(result.task_id)}`);
    } catch (error) {
      const described = describeSongCoverFailure(error);
      if (described.kind === 'field') setServerText({ [described.field]: described.text });
      else setFailure(described);
    }
  };

  if (profile.isLoading) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('app.loading')}</Typography>
      </Stack>
    );
  }

  if (singers.length === 0) {
    return (
      <Alert
        severity="info"
        data-testid="song-cover-no-singer"
        action={
          <Button component={RouterLink} to={paths.voiceCloningStep(1)} color="inherit" variant="outlined">
            {t('songCover.noSinger.create')}
          </Button>
        }
      >
        {t('songCover.messages.noSinger')}
      </Alert>
    );
  }

  const fieldError = (field: keyof SongCoverErrors) =>
    serverText[field] ?? (errors[field] ? t(errors[field].key, errors[field].values) : undefined);
  const songError = fieldError('song');
  const busy = creation.isLoading;

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('songCover.form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={3}>
        <TextField
          select
          label={t('songCover.form.singer')}
          value={values.voiceCloneId}
          onChange={(event) => change({ voiceCloneId: event.target.value })}
          error={Boolean(fieldError('voiceCloneId'))}
          helperText={fieldError('voiceCloneId') ?? t('songCover.form.singerHelp')}
        >
          {singers.map((singer) => (
            <MenuItem key={singer.id} value={singer.id}>
              {singer.ready ? singer.name : t('songCover.form.singerBuilding', { name: singer.name })}
            </MenuItem>
          ))}
        </TextField>
        {selected && !selected.ready && (
          <Alert severity="warning" data-testid="song-cover-not-ready">
            {t('songCover.messages.notReady')}
          </Alert>
        )}

        <TextField
          label={t('songCover.form.title')}
          value={draft.title}
          onChange={(event) => change({ title: event.target.value })}
          required
          error={Boolean(fieldError('title'))}
          helperText={fieldError('title')}
          slotProps={{ htmlInput: { maxLength: SONG_COVER_LIMITS.titleMaxChars } }}
        />

        <Box>
          <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
            {t('songCover.form.song')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={source}
            onChange={(_event, next: SongCoverDraft['source'] | null) => next && change({ source: next })}
            aria-label={t('songCover.form.song')}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="link" sx={{ px: 2 }}>
              <LinkIcon fontSize="small" sx={{ mr: 1 }} />
              {t('songCover.form.link')}
            </ToggleButton>
            <ToggleButton value="file" sx={{ px: 2 }}>
              <AudioFileIcon fontSize="small" sx={{ mr: 1 }} />
              {t('songCover.form.file')}
            </ToggleButton>
          </ToggleButtonGroup>
          {linksUnavailable && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              data-testid="song-cover-links-unavailable"
              action={
                source === 'link' ? (
                  <Button color="inherit" onClick={() => change({ source: 'file' })}>
                    {t('songCover.form.uploadInstead')}
                  </Button>
                ) : undefined
              }
            >
              {linkImport.reason}
            </Alert>
          )}
          {source === 'link' ? (
            <>
              <TextField
                fullWidth
                label={t('songCover.form.url')}
                placeholder="https://www.youtube.com/watch?v=…"
                value={draft.songUrl}
                onChange={(event) => change({ songUrl: event.target.value })}
                error={Boolean(songError)}
                helperText={
                  songError ??
                  t('songCover.form.urlHelp', { sites: (linkImport?.sites ?? []).join(', ') || '…' })
                }
                slotProps={{ htmlInput: { inputMode: 'url', maxLength: SONG_COVER_LIMITS.urlMaxChars } }}
              />
              {songError && linksUnavailable && (
                <Button sx={{ mt: 1 }} variant="outlined" onClick={() => change({ source: 'file' })}>
                  {t('songCover.form.uploadInstead')}
                </Button>
              )}
            </>
          ) : (
            <Box
              data-testid="song-cover-drop"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                border: '2px dashed',
                borderColor: songError ? 'error.main' : dragging ? 'primary.main' : 'divider',
                borderRadius: 2,
                p: 3,
                textAlign: 'center',
              }}
            >
              <input
                ref={fileInput}
                type="file"
                accept={SONG_FILE_ACCEPT}
                hidden
                aria-label={t('songCover.form.chooseFile')}
                data-testid="song-cover-file-input"
                onChange={(event) => pickFile(event.target.files?.[0])}
              />
              <Typography sx={{ mb: 1 }}>
                {values.file
                  ? t('songCover.form.chosen', { name: values.file.name, size: megabytes(values.file.size) })
                  : t('songCover.form.drop')}
              </Typography>
              <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                {values.file ? t('songCover.form.chooseOther') : t('songCover.form.chooseFile')}
              </Button>
              <FormHelperText error={Boolean(songError)} sx={{ textAlign: 'center' }}>
                {songError ??
                  t('songCover.form.fileHelp', {
                    minutes: SONG_COVER_LIMITS.maxSongSeconds / 60,
                    megabytes: SONG_COVER_LIMITS.maxSongBytes / 1024 / 1024,
                  })}
              </FormHelperText>
            </Box>
          )}
        </Box>

        <TextField
          select
          label={t('songCover.form.shift')}
          value={String(values.shift)}
          onChange={(event) =>
            change({ shift: event.target.value === 'auto' ? 'auto' : Number(event.target.value) })
          }
          helperText={t('songCover.form.shiftHelp')}
        >
          <MenuItem value="auto">{t('songCover.form.shiftAuto')}</MenuItem>
          {SHIFTS.map((shift) => (
            <MenuItem key={shift} value={String(shift)}>
              {t('songCover.form.semitones', { count: shift, value: signed(shift) })}
            </MenuItem>
          ))}
        </TextField>

        <Box>
          <Typography id="song-cover-vocal-level" variant="subtitle2" color="text.secondary">
            {t('songCover.form.vocalLevel', { value: signed(values.vocalLevel) })}
          </Typography>
          <Slider
            aria-labelledby="song-cover-vocal-level"
            value={values.vocalLevel}
            min={SONG_COVER_LIMITS.minVocalLevel}
            max={SONG_COVER_LIMITS.maxVocalLevel}
            step={1}
            marks={[{ value: 0, label: '0 dB' }]}
            onChange={(_event, value) => change({ vocalLevel: value as number })}
          />
        </Box>

        {failure && <FailureAlert failure={failure} />}

        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('songCover.form.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function FailureAlert({ failure }: { failure: SongCoverFailure }) {
  const { t } = useTranslation();
  if (failure.kind === 'notReady') {
    return (
      <Alert severity="warning" role="alert">
        {t('songCover.messages.notReady')}
      </Alert>
    );
  }
  if (failure.kind === 'dailyLimit') {
    return (
      <Alert severity="warning" role="alert">
        {t('rap.errors.dailyLimit')}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{t('songCover.messages.failedTitle')}</AlertTitle>
      {failure.kind === 'message' ? failure.text : t('songCover.messages.failedBody')}
    </Alert>
  );
}
