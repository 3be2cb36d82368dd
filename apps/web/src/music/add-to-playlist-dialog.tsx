import { useState, type FormEvent } from 'react';
import { PLAYLIST_TITLE_MAX_CHARS } from '@bops/shared/api/playlist';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCreatePlaylistMutation, useSetPlaylistMusicsMutation } from '../api/music.api.ts';
import { useOwnPlaylists } from './own-playlists.ts';
import { withMusic, withoutMusic } from './playlist-edits.ts';

/** Ticks the song in or out of each of the person's playlists, and makes a new playlist holding it. */
export function AddToPlaylistDialog({
  music,
  onClose,
}: {
  music: { musicId: string; musicName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { playlists, isLoading } = useOwnPlaylists();
  const [setMusics, setState] = useSetPlaylistMusicsMutation();
  const [createPlaylist, createState] = useCreatePlaylistMutation();
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);

  if (!music) return null;

  const toggle = async (playlist: { id: string; musicIds: string[] }) => {
    const inside = playlist.musicIds.includes(music.musicId);
    const musicIds = inside
      ? withoutMusic(playlist.musicIds, music.musicId)
      : withMusic(playlist.musicIds, music.musicId);
    setFailed(false);
    await setMusics({ id: playlist.id, musicIds })
      .unwrap()
      .catch(() => setFailed(true));
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const playlistName = name.trim();
    if (!playlistName) return;
    setFailed(false);
    try {
      const created = await createPlaylist({ playlistName, private: true }).unwrap();
      await setMusics({ id: created.id, musicIds: [music.musicId] }).unwrap();
      setName('');
    } catch {
      setFailed(true);
    }
  };

  const busy = setState.isLoading || createState.isLoading;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-to-playlist-title">
      <DialogTitle id="add-to-playlist-title">
        {t('music.addToPlaylist.title', { name: music.musicName })}
      </DialogTitle>
      <DialogContent dividers>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('music.addToPlaylist.failed')}
          </Alert>
        )}
        {isLoading ? (
          <CircularProgress size={24} aria-label={t('app.loading')} />
        ) : (
          <List dense aria-label={t('music.addToPlaylist.list')}>
            {playlists.map((playlist) => {
              const inside = playlist.musicIds.includes(music.musicId);
              return (
                <ListItemButton key={playlist.id} onClick={() => void toggle(playlist)} disabled={busy}>
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={inside}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-label': playlist.title } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={playlist.title}
                    secondary={t('music.playlist.songs', { count: playlist.numMusics })}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
        <Stack component="form" direction="row" spacing={1} onSubmit={create} sx={{ mt: 2 }}>
          <TextField
            size="small"
            fullWidth
            label={t('music.addToPlaylist.newPlaylist')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: PLAYLIST_TITLE_MAX_CHARS } }}
          />
          <Button type="submit" variant="outlined" disabled={busy || !name.trim()}>
            {t('music.addToPlaylist.create')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('music.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
