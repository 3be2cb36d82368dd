import { useState } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUpdatePlaylistMutation } from '../api/music.api.ts';
import type { Playlist } from '@bops/shared/api/playlist';
import { useAppSelector } from '../store/hooks.ts';
import { CoverImage } from './cover-image.tsx';
import { formatDuration, truncateText } from './music-format.ts';
import { playlistShareLink } from './share-link.ts';
import { SongList } from './song-list.tsx';
import { usePlayMusic } from './use-play-music.ts';
import { useShare } from './use-share.tsx';

export const isSpecialPlaylist = (playlist: { kind: string }) => playlist.kind === 'top_songs';

/** One playlist: its cover, title, length, a play button, a share button and its songs. */
export function PlaylistView({
  playlist,
  onSignIn,
  highlightId,
  headingLevel = 'h2',
}: {
  playlist: Playlist;
  onSignIn: () => void;
  highlightId?: string | undefined;
  headingLevel?: 'h1' | 'h2';
}) {
  const { t } = useTranslation();
  const userId = useAppSelector((state) => state.account.user?.id);
  const special = isSpecialPlaylist(playlist);
  const { toggle } = usePlayMusic({ id: playlist.id, special }, playlist.musics);
  const { share, feedback } = useShare();
  const [updatePlaylist, updateState] = useUpdatePlaylistMutation();
  const [confirmPublic, setConfirmPublic] = useState(false);
  const owner = Boolean(userId) && playlist.createdBy === userId;
  const first = playlist.musics.find((music) => music.src);
  const total = playlist.musics.reduce((sum, music) => sum + (music.duration || 0), 0);

  const sharePlaylist = () =>
    void share(
      {
        title: t('music.share.playlistTitle', { title: playlist.title }),
        text: t('app.slogan'),
        url: playlistShareLink(window.location.origin, playlist.id),
      },
      { contentId: playlist.id, contentName: playlist.title },
    );

  return (
    <Box component="section" aria-labelledby={`playlist-${playlist.id}-title`} data-testid="playlist-view">
      {feedback}
      <Stack direction="row" spacing={{ xs: 2, md: 3 }} sx={{ alignItems: 'flex-end', mb: 2 }}>
        <CoverImage
          src={playlist.cover}
          sx={{ width: { xs: 104, md: 176 }, flexShrink: 0, borderRadius: 2 }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {t('pages.playlist.title')}
          </Typography>
          <Typography
            id={`playlist-${playlist.id}-title`}
            variant="h4"
            component={headingLevel}
            sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.4rem' }, overflowWrap: 'anywhere' }}
          >
            {truncateText(playlist.title)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('music.playlist.songs', { count: playlist.musics.length })} · {formatDuration(total)}
            </Typography>
            {playlist.private && (
              <Chip size="small" icon={<LockIcon />} label={t('music.playlist.private')} variant="outlined" />
            )}
          </Stack>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          disabled={!first}
          onClick={() => first && toggle(first)}
        >
          {t('music.playlist.play')}
        </Button>
        {(!playlist.private || owner) && (
          <Button
            variant="outlined"
            startIcon={<ShareIcon />}
            onClick={() => (playlist.private ? setConfirmPublic(true) : sharePlaylist())}
          >
            {t('music.playlist.share')}
          </Button>
        )}
      </Stack>
      <SongList
        musics={playlist.musics}
        playlist={{ id: playlist.id, special }}
        onSignIn={onSignIn}
        highlightId={highlightId}
      />
      <Dialog open={confirmPublic} onClose={() => setConfirmPublic(false)}>
        <DialogTitle>{t('music.playlist.makePublicTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('music.playlist.makePublicText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmPublic(false)}>{t('music.cancel')}</Button>
          <Button
            variant="contained"
            disabled={updateState.isLoading}
            onClick={async () => {
              try {
                await updatePlaylist({ id: playlist.id, private: false }).unwrap();
                setConfirmPublic(false);
                sharePlaylist();
              } catch {
                setConfirmPublic(false);
              }
            }}
          >
            {t('music.playlist.makePublicAndShare')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
