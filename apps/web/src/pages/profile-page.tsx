import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PHOTO_TYPES } from '@bops/shared';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileMutation, useUploadProfilePhotoMutation } from '../api/bops.api.ts';
import { toUser } from '../store/user.ts';
import type { ApiError } from '../api/envelope-base-query.ts';
import {
  profileUpdateFailed,
  profileUpdateReset,
  profileUpdateStarted,
  profileUpdateSucceeded,
  userUpdated,
} from '../store/account.slice.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { Status } from '../store/status.ts';
import { PageLayout } from './page-layout.tsx';
import { AccountDataSection } from './account-data-section.tsx';
import { SecuritySection } from './security-section.tsx';
import {
  checkPhoto,
  profileFormValues,
  toProfileUpdate,
  validateProfile,
  type ProfileFormErrors,
  type ProfileFormValues,
} from './profile-form.ts';

function serverDetail(error: unknown): string | undefined {
  return (error as Partial<ApiError> | undefined)?.detail;
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.account.user);
  const updateStatus = useAppSelector((state) => state.account.updateStatus);
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [photoMessage, setPhotoMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const [updateProfile] = useUpdateProfileMutation();
  const [uploadPhoto, photoUpload] = useUploadProfilePhotoMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  // A "saved" notice belongs to the visit that saved.
  useEffect(() => {
    dispatch(profileUpdateReset());
  }, [dispatch]);

  const field = (name: keyof ProfileFormValues) => {
    const error = errors[name];
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        setValues({ ...values, [name]: event.target.value });
        if (error) setErrors({ ...errors, [name]: undefined });
        if (updateStatus === Status.SUCCESS || updateStatus === Status.ERROR) setSaveError(null);
      },
      error: Boolean(error),
      helperText: error ? t(error.key, { max: error.max }) : undefined,
      fullWidth: true,
    };
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaveError(null);
    dispatch(profileUpdateStarted());
    try {
      const saved = await updateProfile(toProfileUpdate(values)).unwrap();
      dispatch(profileUpdateSucceeded(toUser(saved)));
    } catch (error) {
      dispatch(profileUpdateFailed());
      setSaveError(serverDetail(error) ?? t('profile.saveFailed'));
    }
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      setPhotoMessage({ severity: 'error', text: t(problem) });
      return;
    }
    setPhotoMessage(null);
    try {
      const saved = await uploadPhoto(file).unwrap();
      dispatch(userUpdated(toUser(saved)));
      setPhotoMessage({ severity: 'success', text: t('profile.photoSaved') });
    } catch (error) {
      setPhotoMessage({ severity: 'error', text: serverDetail(error) ?? t('profile.photoFailed') });
    }
  };

  const saving = updateStatus === Status.UPDATING;
  const photo = user?.customPhoto || user?.photoUrl || undefined;
  const initial = (user?.displayName || user?.email || '?').charAt(0).toUpperCase();

  return (
    <PageLayout title={t('profile.title')} maxWidth="sm">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={photo} alt={user?.displayName ?? ''} sx={{ width: 88, height: 88, fontSize: 36 }}>
          {initial}
        </Avatar>
        <Box>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hidden
            data-testid="photo-input"
            onChange={(event) => void choosePhoto(event)}
          />
          <Button
            variant="outlined"
            startIcon={
              photoUpload.isLoading ? <CircularProgress size={18} color="inherit" /> : <PhotoCameraIcon />
            }
            disabled={photoUpload.isLoading}
            onClick={() => fileInput.current?.click()}
          >
            {t('profile.changePhoto')}
          </Button>
        </Box>
      </Stack>
      {photoMessage && (
        <Alert severity={photoMessage.severity} sx={{ mb: 2 }}>
          {photoMessage.text}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => void save(event)}
        aria-label={t('profile.title')}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('profile.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t('profile.lastName')} autoComplete="family-name" {...field('lastName')} />
        </Stack>
        <TextField
          label={t('profile.displayName')}
          autoComplete="nickname"
          required
          {...field('displayName')}
        />
        <TextField
          label={t('profile.email')}
          value={user?.email ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField label={t('profile.bio')} multiline minRows={3} {...field('bio')} />
        {updateStatus === Status.SUCCESS && !saveError && (
          <Alert severity="success">{t('profile.saved')}</Alert>
        )}
        {saveError && <Alert severity="error">{saveError}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
      <SecuritySection email={user?.email ?? ''} name={user?.displayName ?? ''} />
      <AccountDataSection email={user?.email ?? ''} />
    </PageLayout>
  );
}
