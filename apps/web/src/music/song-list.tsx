import { useState } from 'react';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplayIcon from '@mui/icons-material/Replay';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import AddToQueueIcon from '@mui/icons-material/AddToQueue';
import QueuePlayNextIcon from '@mui/icons-material/QueuePlayNext';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MusicItem } from '@bops/shared';
import { useAnotherTakeMutation } from '../api/music.api.ts';
import { paths } from '../navigation/route-paths.ts';
import { usePlayer } from '../player/use-player.ts';
import { useAppSelector } from '../store/hooks.ts';
import { AddToPlaylistDialog } from './add-to-playlist-dialog.tsx';
import { CoverImage } from './cover-image.tsx';
import { formatCount, formatDuration, songCaption, truncateText } from './music-format.ts';
import { musicShareLink } from './share-link.ts';
import { DeleteSongDialog, RenameSongDialog, SongCoverDialog } from './song-owner-dialogs.tsx';
import { usePlayMusic } from './use-play-music.ts';
import { useShare } from './use-share.tsx';

export interface SongListPlaylist {
  id: string | null;
  special: boolean;
}

/** A playlist's songs: play or pause each, see its length, listens and likes, add it elsewhere, share it. */
export function SongList({
  musics,
  playlist,
  onSignIn,
  highlightId,
}: {
  musics: readonly MusicItem[];
  playlist: SongListPlaylist;
  /** Visitors are asked to sign in before anything that needs an account. */
  onSignIn: () => void;
  highlightId?: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const userId = useAppSelector((state) => state.account.user?.id ?? null);
  const { toggle, isCurrent, isPlaying } = usePlayMusic(playlist, musics);
  const { share, feedback } = useShare();
  const player = usePlayer();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; music: MusicItem } | null>(null);
  const [adding, setAdding] = useState<MusicItem | null>(null);
  const [renaming, setRenaming] = useState<MusicItem | null>(null);
  const [deleting, setDeleting] = useState<MusicItem | null>(null);
  const [covering, setCovering] = useState<MusicItem | null>(null);
  const ownsMenuSong = menu !== null && userId !== null && menu.music.createdBy === userId;
  const [anotherTake] = useAnotherTakeMutation();
  const [message, setMessage] = useState<string | null>(null);
  const makeAnotherTake = async (music: MusicItem) => {
    try {
      await anotherTake(music.musicId).unwrap();
      setMessage(t('music.ownSong.takeStarted'));
    } catch (failure) {
      // The daily limit and the like come with the server's own words.
      setMessage((failure as { detail?: string } | null)?.detail ?? t('music.ownSong.failed'));
    }
  };

  if (musics.length === 0) {
    return <Typography color="text.secondary">{t('music.playlist.empty')}</Typography>;
  }

  const shareMusic = (music: MusicItem) =>
    void share(
      {
        title: t('music.share.title', { musicName: music.musicName }),
        text: t('music.share.text', { musicName: music.musicName, author: music.author }),
        url: musicShareLink(window.location.origin, music.musicId, {
          playlistId: playlist.id,
          special: playlist.special,
        }),
      },
      { contentId: music.musicId, contentName: music.musicName },
    );

  return (
    <>
      {feedback}
      <AddToPlaylistDialog music={adding} onClose={() => setAdding(null)} />
      <Box component="ol" aria-label={t('music.playlist.songList')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {musics.map((music, index) => {
          const current = isCurrent(music.musicId);
          const playing = current && isPlaying;
          const ready = Boolean(music.src);
          return (
            <Box
              component="li"
              key={music.musicId}
              data-music-id={music.musicId}
              aria-current={current ? 'true' : undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: { xs: 1, sm: 2 },
                px: 1,
                py: 1,
                borderRadius: 1.5,
                bgcolor: current || music.musicId === highlightId ? 'action.selected' : 'transparent',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Typography
                color="text.secondary"
                sx={{ width: 24, textAlign: 'right', display: { xs: 'none', sm: 'block' } }}
              >
                {index + 1}
              </Typography>
              <IconButton
                onClick={() => toggle(music)}
                disabled={!ready}
                aria-label={
                  playing
                    ? t('music.pauseSong', { name: music.musicName })
                    : t('music.playSong', { name: music.musicName })
                }
                color={current ? 'primary' : 'default'}
              >
                {playing ? <PauseIcon /> : <PlayArrowIcon />}
              </IconButton>
              <CoverImage src={music.thumbnail} size={48} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography noWrap sx={{ fontWeight: 700, color: current ? 'primary.main' : 'text.primary' }}>
                  {truncateText(music.musicName)}
                </Typography>
                <Typography noWrap variant="body2" color="text.secondary">
                  {ready
                    ? truncateText(music.author)
                    : music.status === 'failed'
                      ? t('music.player.failed')
                      : t('music.player.rendering')}
                </Typography>
                {songCaption(music) && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: { xs: 'none', md: 'block' } }}
                    noWrap
                  >
                    {songCaption(music)}
                  </Typography>
                )}
              </Box>
              <Stack
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center', color: 'text.secondary', display: { xs: 'none', sm: 'flex' } }}
              >
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'center' }}
                  aria-label={t('music.listens', { count: music.views })}
                >
                  <HeadphonesIcon fontSize="small" />
                  <Typography variant="body2">{formatCount(music.views)}</Typography>
                </Stack>
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'center' }}
                  aria-label={t('music.likes', { count: music.likes })}
                >
                  <FavoriteIcon fontSize="small" color={music.liked ? 'secondary' : 'inherit'} />
                  <Typography variant="body2">{formatCount(music.likes)}</Typography>
                </Stack>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 44, textAlign: 'right' }}>
                {formatDuration(music.duration)}
              </Typography>
              <IconButton
                aria-label={t('music.songOptions', { name: music.musicName })}
                onClick={(event) => setMenu({ anchor: event.currentTarget, music })}
              >
                <MoreVertIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {menu?.music.src && (
          <MenuItem
            onClick={() => {
              player.playNext(menu.music.musicId);
              setMessage(t('music.queue.willPlayNext', { name: menu.music.musicName }));
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <QueuePlayNextIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.queue.playNext')}</ListItemText>
          </MenuItem>
        )}
        {menu?.music.src && (
          <MenuItem
            onClick={() => {
              player.addToQueue(menu.music.musicId);
              setMessage(t('music.queue.added', { name: menu.music.musicName }));
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <AddToQueueIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.queue.addToQueue')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            const music = menu?.music ?? null;
            setMenu(null);
            if (authenticated) setAdding(music);
            else onSignIn();
          }}
        >
          <ListItemIcon>
            <PlaylistAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('music.player.addToPlaylist')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) shareMusic(menu.music);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <ShareIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('music.player.share')}</ListItemText>
        </MenuItem>
        {authenticated && (
          <MenuItem
            onClick={() => {
              if (menu) {
                const { musicId } = menu.music;
                navigate(
                  playlist.special && playlist.id
                    ? `/${encodeURIComponent(playlist.id)}/${encodeURIComponent(musicId)}`
                    : paths.listen(musicId),
                );
              }
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.player.songPage')}</ListItemText>
          </MenuItem>
        )}
        {ownsMenuSong && menu.music.status === 'ready' && menu.music.context.creationType === 'rap' && (
          <MenuItem
            onClick={() => {
              void makeAnotherTake(menu.music);
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <ReplayIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.ownSong.anotherTake')}</ListItemText>
          </MenuItem>
        )}
        {ownsMenuSong && (
          <MenuItem
            onClick={() => {
              setRenaming(menu.music);
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <DriveFileRenameOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.ownSong.rename')}</ListItemText>
          </MenuItem>
        )}
        {ownsMenuSong && (
          <MenuItem
            onClick={() => {
              setCovering(menu.music);
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <ImageOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.ownSong.cover')}</ListItemText>
          </MenuItem>
        )}
        {ownsMenuSong && (
          <MenuItem
            onClick={() => {
              setDeleting(menu.music);
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.ownSong.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <Snackbar
        open={message !== null}
        autoHideDuration={6000}
        onClose={() => setMessage(null)}
        message={message}
        // Above the player's bar, which these messages are usually about.
        sx={{ bottom: { xs: 104, sm: 112 } }}
      />
      {renaming && <RenameSongDialog song={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteSongDialog song={deleting} onClose={() => setDeleting(null)} />}
      {covering && <SongCoverDialog song={covering} onClose={() => setCovering(null)} />}
    </>
  );
}
