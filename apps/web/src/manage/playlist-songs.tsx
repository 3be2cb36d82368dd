import { useState } from 'react';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetPlaylistQuery, useSetPlaylistMusicsMutation } from '../api/music.api.ts';
import type { MusicItem } from '@bops/shared';
import type { PlaylistSummary } from '@bops/shared/api/playlist';
import { CoverImage } from '../music/cover-image.tsx';
import { formatDuration, truncateText } from '../music/music-format.ts';
import { planMove, withMusic, withoutMusic } from '../music/playlist-edits.ts';

/** A playlist's songs on the manage page: move each to another playlist, remove it, add one. */
export function PlaylistSongs({
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
          <PlaylistSongRow
            key={music.musicId}
            music={music}
            canMove={others.length > 0 && !editing && !refreshing}
            canRemove={!editing}
            onMove={(anchor) => setMoveMenu({ anchor, musicId: music.musicId })}
            onRemove={() => void save(playlist.id, withoutMusic(musicIds, music.musicId)).catch(fail)}
          />
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

function PlaylistSongRow({
  music,
  canMove,
  canRemove,
  onMove,
  onRemove,
}: {
  music: MusicItem;
  canMove: boolean;
  canRemove: boolean;
  onMove(anchor: HTMLElement): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      component="li"
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
            disabled={!canMove}
            onClick={(event) => onMove(event.currentTarget)}
          >
            <DriveFileMoveIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('manage.removeSong', { name: music.musicName })}>
        <span>
          <IconButton
            aria-label={t('manage.removeSong', { name: music.musicName })}
            disabled={!canRemove}
            onClick={onRemove}
          >
            <RemoveCircleOutlineIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
