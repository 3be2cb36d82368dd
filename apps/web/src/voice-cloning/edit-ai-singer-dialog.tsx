import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PHOTO_TYPES } from '@bops/shared';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { VoiceClone } from '../store/user.ts';
import { useRenameVoiceCloneMutation, useUpdateVoiceClonePhotoMutation } from '../api/voice-clone.api.ts';
import { checkPhoto } from '../pages/profile-form.ts';
import { useAppSelector } from '../store/hooks.ts';
import { Status } from '../store/status.ts';
import { photoUrl } from '../store/voice-profile.slice.ts';
import { ErrorAlert } from './error-alert.tsx';
import { NICKNAME_MAX } from './voice-capture-step.tsx';
import { voiceCloneError, type ShownError } from './voice-clone-errors.ts';

type Message = { kind: 'success'; text: string } | { kind: 'error'; error: ShownError };

/** Edit details of one AI singer: its nickname (saved on Save) and its photo (saved as soon as it is chosen). */
export function EditAiSingerDialog({
  singer,
  photoVersion,
  onClose,
}: {
  singer: VoiceClone;
  photoVersion: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [nickname, setNickname] = useState(singer.name);
  const [nicknameError, setNicknameError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [rename] = useRenameVoiceCloneMutation();
  const [updatePhoto] = useUpdateVoiceClonePhotoMutation();
  const updateStatus = useAppSelector((state) => state.voiceProfile.updateStatus);
  const photoStatus = useAppSelector((state) => state.voiceProfile.updatePhotoStatus);
  const photoInput = useRef<HTMLInputElement>(null);
  const saving = updateStatus === Status.SAVING;
  const uploading = photoStatus === Status.SAVING;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = nickname.trim();
    if (!trimmed) return setNicknameError(t('validation.required'));
    if (trimmed.length > NICKNAME_MAX)
      return setNicknameError(t('validation.tooLong', { max: NICKNAME_MAX }));
    setMessage(null);
    try {
      await rename({ id: singer.id, nickname: trimmed }).unwrap();
      onClose();
    } catch (error) {
      setMessage({ kind: 'error', error: voiceCloneError(error) });
    }
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setMessage({ kind: 'error', error: { textKey: problem } });
      return;
    }
    setMessage(null);
    try {
      await updatePhoto({ id: singer.id, photo: file }).unwrap();
      setMessage({ kind: 'success', text: t('voiceCloning.manage.photoSaved') });
    } catch (error) {
      setMessage({ kind: 'error', error: voiceCloneError(error) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-singer-title">
      <form noValidate onSubmit={(event) => void save(event)}>
        <DialogTitle id="edit-singer-title">
          {t('voiceCloning.manage.editTitle', { name: singer.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar
                src={photoUrl(singer.imgSrc, photoVersion) || undefined}
                alt=""
                sx={{ width: 64, height: 64 }}
                data-testid="singer-photo"
              >
                {singer.name.charAt(0).toUpperCase()}
              </Avatar>
              <input
                ref={photoInput}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                hidden
                data-testid="singer-photo-input"
                onChange={(event) => void choosePhoto(event)}
              />
              <Button
                variant="outlined"
                disabled={uploading}
                startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <PhotoCameraIcon />}
                onClick={() => photoInput.current?.click()}
              >
                {t('voiceCloning.changePhoto')}
              </Button>
            </Stack>
            <TextField
              label={t('voiceCloning.nickname')}
              value={nickname}
              autoFocus
              required
              fullWidth
              onChange={(event) => {
                setNickname(event.target.value);
                setNicknameError(null);
              }}
              error={nicknameError !== null}
              helperText={nicknameError ?? undefined}
            />
            {message?.kind === 'success' && <Alert severity="success">{message.text}</Alert>}
            {message?.kind === 'error' && <ErrorAlert error={message.error} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('voiceCloning.manage.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('voiceCloning.manage.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
