import { useState, type FormEvent } from 'react';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  useDeletePlaylistMutation,
  useGetPlaylistQuery,
  useSetPlaylistMusicsMutation,
  useUpdatePlaylistMutation,
} from '../api/music.api.ts';
import type { MusicItem } from '@bops/shared';
import type { PlaylistSummary } from '@bops/shared/api/playlist';
import { CoverImage } from '../music/cover-image.tsx';
import { formatDuration, truncateText } from '../music/music-format.ts';
import { planMove, withMusic, withoutMusic } from '../music/playlist-edits.ts';

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
  const [title, setTitle] = useState(playlist.title);
  const [open, setOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const busy = updateState.isLoading || removeState.isLoading;

  const run = async (action: () => Promise<unknown>) => {
    setFailed(null);
    try {
      await action();
      return true;
    } catch (error) {
      const detail = (error as { detail?: string } | null)?.detail;
      setFailed(detail ?? t('manage.failed'));
      return false;
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    if (!name) return;
    if (await run(() => update({ id: playlist.id, private: playlist.private, title: name }).unwrap()))
      setRenaming(false);
  };

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
            <Stack component="form" direction="row" spacing={1} onSubmit={rename}>
              <TextField
                size="small"
                label={t('manage.playlistName')}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                autoFocus
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <Button type="submit" variant="contained" size="small" disabled={busy || !title.trim()}>
                {t('manage.save')}
              </Button>
              <Button size="small" onClick={() => setRenaming(false)}>
                {t('music.cancel')}
              </Button>
            </Stack>
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
        <FormControlLabel
          control={
            <Switch
              checked={playlist.private}
              disabled={busy}
              onChange={(event) =>
                void run(() => update({ id: playlist.id, private: event.target.checked }).unwrap())
              }
              slotProps={{ input: { 'aria-label': t('manage.privateOf', { title: playlist.title }) } }}
            />
          }
          label={t('music.playlist.private')}
          sx={{ mr: 0, flexShrink: 0 }}
        />
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        >
          {t('manage.songs')}
        </Button>
        {!playlist.isDefault && (
          <>
            <Button size="small" startIcon={<EditIcon />} onClick={() => setRenaming(true)} disabled={busy}>
              {t('manage.rename')}
            </Button>
            <Button
              size="small"
              startIcon={playlist.archieve ? <UnarchiveIcon /> : <ArchiveIcon />}
              disabled={busy}
              onClick={() =>
                void run(() =>
                  update({
                    id: playlist.id,
                    private: playlist.private,
                    archieve: !playlist.archieve,
                  }).unwrap(),
                )
              }
            >
              {playlist.archieve ? t('manage.restore') : t('manage.archive')}
            </Button>
            <Button
              size="small"
              color="secondary"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
            >
              {t('manage.delete')}
            </Button>
          </>
        )}
      </Stack>
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
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{t('manage.deleteTitle', { title: playlist.title })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('manage.deleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{t('music.cancel')}</Button>
          <Button
            color="secondary"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              setConfirmDelete(false);
              // The playlists query is invalidated by the delete; RTK Query's cache is the only copy.
              await run(() => remove(playlist.id).unwrap());
            }}
          >
            {t('manage.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function PlaylistSongs({
  playlist,
  targets,
  candidates,
  refreshing,
  onError,
}: {
  playlist: PlaylistSummary;
  targets: readonly PlaylistSummary[];
  candidates: readonly MusicItem[];
  refreshing: boolean;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isFetching } = useGetPlaylistQuery(playlist.id);
  const [setMusics, setState] = useSetPlaylistMusicsMutation();
  const [moveMenu, setMoveMenu] = useState<{ anchor: HTMLElement; musicId: string } | null>(null);
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const musicIds = data?.musicIds ?? playlist.musicIds;
  // Edits start from the song list on screen; while it reloads, a second edit would work on an old list.
  const editing = setState.isLoading || isFetching;
  const others = targets.filter((target) => target.id !== playlist.id);
  const addable = candidates.filter((music) => !musicIds.includes(music.musicId));

  const save = async (id: string, ids: string[]) => {
    await setMusics({ id, musicIds: ids }).unwrap();
  };
  const fail = (error: unknown) =>
    onError((error as { detail?: string } | null)?.detail ?? t('manage.failed'));

  const move = async (musicId: string, targetId: string) => {
    const plan = planMove(
      musicId,
      { id: playlist.id, musicIds },
      others.find((target) => target.id === targetId),
    );
    if (!plan) return;
    try {
      await save(plan.target.id, plan.target.musicIds);
      await save(plan.source.id, plan.source.musicIds);
    } catch (error) {
      fail(error);
    }
  };

  if (isLoading) return <Skeleton variant="rounded" height={56} sx={{ mt: 1 }} />;
  return (
    <Box sx={{ mt: 1 }}>
      <Box
        component="ol"
        aria-label={t('manage.songsOf', { title: playlist.title })}
        sx={{ p: 0, m: 0, listStyle: 'none' }}
      >
        {(data?.musics ?? []).map((music) => (
          <Stack
            component="li"
            key={music.musicId}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', py: 0.75, borderTop: 1, borderColor: 'divider' }}
          >
            <CoverImage src={music.thumbnail} size={36} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography noWrap>{truncateText(music.musicName)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDuration(music.duration)}
              </Typography>
            </Box>
            <Tooltip title={t('manage.moveSong', { name: music.musicName })}>
              <span>
                <IconButton
                  aria-label={t('manage.moveSong', { name: music.musicName })}
                  disabled={others.length === 0 || editing || refreshing}
                  onClick={(event) => setMoveMenu({ anchor: event.currentTarget, musicId: music.musicId })}
                >
                  <DriveFileMoveIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('manage.removeSong', { name: music.musicName })}>
              <span>
                <IconButton
                  aria-label={t('manage.removeSong', { name: music.musicName })}
                  disabled={editing}
                  onClick={() => void save(playlist.id, withoutMusic(musicIds, music.musicId)).catch(fail)}
                >
                  <RemoveCircleOutlineIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        ))}
      </Box>
      {data && data.musics.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('music.playlist.empty')}
        </Typography>
      )}
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={addable.length === 0 || editing}
        onClick={(event) => setAddMenu(event.currentTarget)}
      >
        {t('manage.addSong')}
      </Button>
      <Menu anchorEl={moveMenu?.anchor ?? null} open={moveMenu !== null} onClose={() => setMoveMenu(null)}>
        {others.map((target) => (
          <MenuItem
            key={target.id}
            onClick={() => {
              const musicId = moveMenu?.musicId;
              setMoveMenu(null);
              if (musicId) void move(musicId, target.id);
            }}
          >
            {t('manage.moveTo', { title: target.title })}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
        {addable.map((music) => (
          <MenuItem
            key={music.musicId}
            onClick={() => {
              setAddMenu(null);
              void save(playlist.id, withMusic(musicIds, music.musicId)).catch(fail);
            }}
          >
            {truncateText(music.musicName)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
