import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Asks before a playlist is deleted. */
export function DeletePlaylistDialog({
  open,
  title,
  busy,
  onCancel,
  onDelete,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onCancel(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel}>
      <DialogTitle>{t('manage.deleteTitle', { title })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('manage.deleteText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('music.cancel')}</Button>
        <Button color="secondary" variant="contained" disabled={busy} onClick={onDelete}>
          {t('manage.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
