import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDeletePlaylistMutation, useUpdatePlaylistMutation } from '../api/music.api.ts';
import type { MusicItem } from '@bops/shared';
import type { PlaylistSummary } from '@bops/shared/api/playlist';
import { CoverImage } from '../music/cover-image.tsx';
import { truncateText } from '../music/music-format.ts';
import { DeletePlaylistDialog } from './delete-playlist-dialog.tsx';
import { PlaylistActions, PrivateSwitch } from './playlist-actions.tsx';
import { PlaylistSongs } from './playlist-songs.tsx';
import { PlaylistTitleForm } from './playlist-title-form.tsx';
import { usePlaylistAction } from './use-playlist-action.ts';

/** One of the person's playlists on the manage page: rename, private flag, archive, delete and its songs. */
export function PlaylistManager({
  playlist,
  targets,
  candidates,
  refreshing,
}: {
  playlist: PlaylistSummary;
  /** Where songs can move to: the person's other playlists that are not archived. */
  targets: readonly PlaylistSummary[];
  /** Songs that can be added (the person's own songs and the demo songs). */
  candidates: readonly MusicItem[];
  /** The playlists are reloading: a move now would start from the target's old song list. */
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const [update, updateState] = useUpdatePlaylistMutation();
  const [remove, removeState] = useDeletePlaylistMutation();
  const [renaming, setRenaming] = useState(false);
  const [open, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { run, failed, setFailed } = usePlaylistAction();
  const busy = updateState.isLoading || removeState.isLoading;

  const rename = async (title: string) => {
    if (await run(() => update({ id: playlist.id, private: playlist.private, title }).unwrap()))
      setRenaming(false);
  };
  const setPrivate = (isPrivate: boolean) =>
    void run(() => update({ id: playlist.id, private: isPrivate }).unwrap());
  const toggleArchived = () =>
    void run(() =>
      update({ id: playlist.id, private: playlist.private, archieve: !playlist.archieve }).unwrap(),
    );

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={playlist.title}
      data-playlist-id={playlist.id}
      sx={{ listStyle: 'none', p: { xs: 1.5, md: 2 }, mb: 1.5, opacity: playlist.archieve ? 0.75 : 1 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CoverImage src={playlist.cover} size={56} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {renaming ? (
            <PlaylistTitleForm
              initialTitle={playlist.title}
              busy={busy}
              onSave={(title) => void rename(title)}
              onCancel={() => setRenaming(false)}
            />
          ) : (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {truncateText(playlist.title)}
            </Typography>
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('music.playlist.songs', { count: playlist.numMusics })}
            </Typography>
            {playlist.isDefault && <Chip size="small" label={t('manage.defaultPlaylist')} />}
            {playlist.archieve && <Chip size="small" label={t('manage.archived')} />}
          </Stack>
        </Box>
        <PrivateSwitch playlist={playlist} busy={busy} onChange={setPrivate} />
      </Stack>
      <PlaylistActions
        playlist={playlist}
        busy={busy}
        songsOpen={open}
        onToggleSongs={() => setOpen(!open)}
        onRename={() => setRenaming(true)}
        onArchive={toggleArchived}
        onDelete={() => setConfirmDelete(true)}
      />
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setFailed(null)}>
          {failed}
        </Alert>
      )}
      {open && (
        <PlaylistSongs
          playlist={playlist}
          targets={targets}
          candidates={candidates}
          refreshing={refreshing}
          onError={setFailed}
        />
      )}
      <DeletePlaylistDialog
        open={confirmDelete}
        title={playlist.title}
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onDelete={() => {
          setConfirmDelete(false);
          // The playlists query is invalidated by the delete; RTK Query's cache is the only copy.
          void run(() => remove(playlist.id).unwrap());
        }}
      />
    </Paper>
  );
}
