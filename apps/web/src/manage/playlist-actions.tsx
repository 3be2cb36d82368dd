import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { PlaylistSummary } from '@bops/shared/api/playlist';

/** The Private switch beside the playlist's title, named after the playlist for screen readers. */
export function PrivateSwitch({
  playlist,
  busy,
  onChange,
}: {
  playlist: PlaylistSummary;
  busy: boolean;
  onChange(isPrivate: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={playlist.private}
          disabled={busy}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('manage.privateOf', { title: playlist.title }) } }}
        />
      }
      label={t('music.playlist.private')}
      sx={{ mr: 0, flexShrink: 0 }}
    />
  );
}

/** Songs (shows or hides them), and for playlists other than "My Bops": rename, archive or restore, delete. */
export function PlaylistActions({
  playlist,
  busy,
  songsOpen,
  onToggleSongs,
  onRename,
  onArchive,
  onDelete,
}: {
  playlist: PlaylistSummary;
  busy: boolean;
  songsOpen: boolean;
  onToggleSongs(): void;
  onRename(): void;
  onArchive(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        size="small"
        startIcon={songsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={onToggleSongs}
        aria-expanded={songsOpen}
      >
        {t('manage.songs')}
      </Button>
      {!playlist.isDefault && (
        <>
          <Button size="small" startIcon={<EditIcon />} onClick={onRename} disabled={busy}>
            {t('manage.rename')}
          </Button>
          <Button
            size="small"
            startIcon={playlist.archieve ? <UnarchiveIcon /> : <ArchiveIcon />}
            disabled={busy}
            onClick={onArchive}
          >
            {playlist.archieve ? t('manage.restore') : t('manage.archive')}
          </Button>
          <Button
            size="small"
            color="secondary"
            startIcon={<DeleteIcon />}
            onClick={onDelete}
            disabled={busy}
          >
            {t('manage.delete')}
          </Button>
        </>
      )}
    </Stack>
  );
}
