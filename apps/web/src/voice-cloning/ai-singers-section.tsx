import { useEffect, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toUser, type VoiceClone } from '../store/user.ts';
import { bopsApi, useGetProfileQuery } from '../api/bops.api.ts';
import { useDeleteVoiceCloneMutation } from '../api/voice-clone.api.ts';
import { paths } from '../navigation/route-paths.ts';
import { userUpdated } from '../store/account.slice.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { Status } from '../store/status.ts';
import { photoUrl } from '../store/voice-profile.slice.ts';
import { EditAiSingerDialog } from './edit-ai-singer-dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { voiceCloneError, type ShownError } from './voice-clone-errors.ts';

/** While a singer is still being built the list is asked again this often, so its status changes by itself. */
const buildingPollMs = 5000;

const statusColor = { processing: 'default', ready: 'success', failed: 'error' } as const;

function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status === 'processing' || status === 'ready' || status === 'failed' ? status : null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={known ? t(`voiceCloning.manage.status.${known}`) : status}
      color={known ? statusColor[known] : 'default'}
    />
  );
}

/** The AI singers part of /manage: the profile's `voiceclones`, each with edit details and delete. */
export function AiSingersSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const photoVersions = useAppSelector((state) => state.voiceProfile.photoVersions);
  const deleteStatus = useAppSelector((state) => state.voiceProfile.deleteStatus);
  // Polling runs only while the last answer had a singer still being built.
  const cached = bopsApi.endpoints.getProfile.useQueryState().data;
  const building = cached?.voiceclones?.some((clone) => clone.status.toLowerCase() === 'processing') ?? false;
  const profile = useGetProfileQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: building ? buildingPollMs : 0,
  });
  const [deleteVoiceClone] = useDeleteVoiceCloneMutation();
  const [editing, setEditing] = useState<VoiceClone | null>(null);
  const [deleting, setDeleting] = useState<VoiceClone | null>(null);
  const [deleteError, setDeleteError] = useState<ShownError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const singers = profile.data ? toUser(profile.data).voiceClones : null;

  // Other pages read the singers from the account area; keep it as fresh as this list.
  useEffect(() => {
    if (profile.data) dispatch(userUpdated(toUser(profile.data)));
  }, [dispatch, profile.data]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteVoiceClone(deleting.id).unwrap();
      setNotice(t('voiceCloning.manage.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (error) {
      setDeleteError(voiceCloneError(error));
    }
  };

  let body;
  if (!singers) {
    body = profile.isError ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
            {t('voiceCloning.manage.retry')}
          </Button>
        }
      >
        {t('voiceCloning.manage.loadFailed')}
      </Alert>
    ) : (
      <Stack spacing={1} aria-busy="true">
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={64} />
      </Stack>
    );
  } else if (singers.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="no-ai-singers">
        <Typography sx={{ mb: 2 }}>{t('voiceCloning.manage.empty')}</Typography>
        <Button
          component={RouterLink}
          to={paths.voiceCloningStep(1)}
          variant="contained"
          startIcon={<AddIcon />}
        >
          {t('voiceCloning.manage.create')}
        </Button>
      </Paper>
    );
  } else {
    body = (
      <>
        <Stack
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('pages.manage.aiSingers')}
        >
          {singers.map((singer) => (
            <Paper component="li" variant="outlined" key={singer.id} sx={{ p: 1.5 }} aria-label={singer.name}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Avatar src={photoUrl(singer.imgSrc, photoVersions[singer.id]) || undefined} alt="">
                  {singer.name.charAt(0).toUpperCase()}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 120 }}>
                  <Typography sx={{ fontWeight: 700 }}>{singer.name}</Typography>
                  <StatusChip status={singer.status} />
                </Box>
                {singer.status === 'processing' && (
                  <Button
                    component={RouterLink}
                    to={`${paths.voiceCloningStep(2)}?id=${encodeURIComponent(singer.id)}`}
                    size="small"
                  >
                    {t('voiceCloning.manage.follow')}
                  </Button>
                )}
                <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(singer)}>
                  {t('voiceCloning.manage.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(singer);
                  }}
                >
                  {t('voiceCloning.manage.delete')}
                </Button>
              </Stack>
            </Paper>
          ))}
        </Stack>
        <Button
          component={RouterLink}
          to={paths.voiceCloningStep(1)}
          startIcon={<AddIcon />}
          sx={{ mt: 1.5 }}
        >
          {t('voiceCloning.manage.createAnother')}
        </Button>
      </>
    );
  }

  const removing = deleteStatus === Status.DELETING;
  return (
    <Box component="section" sx={{ my: 3 }} aria-labelledby="ai-singers-heading">
      <Typography variant="h6" component="h2" id="ai-singers-heading" gutterBottom>
        {t('pages.manage.aiSingers')}
      </Typography>
      {notice && (
        <Alert severity="success" sx={{ mb: 1.5 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {body}
      {editing && (
        <EditAiSingerDialog
          singer={editing}
          photoVersion={photoVersions[editing.id]}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => !removing && setDeleting(null)}
        aria-labelledby="delete-singer-title"
      >
        <DialogTitle id="delete-singer-title">
          {t('voiceCloning.manage.deleteTitle', { name: deleting?.name ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('voiceCloning.manage.deleteText')}</DialogContentText>
          {deleteError && (
            <Box sx={{ mt: 2 }}>
              <ErrorAlert error={deleteError} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={removing}>
            {t('voiceCloning.manage.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void confirmDelete()}
            disabled={removing}
            startIcon={removing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('voiceCloning.manage.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
