import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PlaylistSummary } from '@bops/shared/api/playlist';
import { paths } from '../navigation/route-paths.ts';
import type { DisplayMode } from '../store/music.slice.ts';
import { CoverImage } from './cover-image.tsx';
import { truncateText } from './music-format.ts';

function PrivateMark() {
  const { t } = useTranslation();
  return (
    <LockIcon
      fontSize="inherit"
      titleAccess={t('music.playlist.private')}
      sx={{ ml: 0.5, verticalAlign: '-2px' }}
    />
  );
}

/** The home's playlists, as cover tiles (gallery) or rows (list). */
export function PlaylistGallery({
  playlists,
  mode,
  selectedId,
}: {
  playlists: readonly PlaylistSummary[];
  mode: DisplayMode;
  selectedId?: string | undefined;
}) {
  const { t } = useTranslation();
  if (mode === 'list') {
    return (
      <List aria-label={t('pages.myBops.playlists')} data-display="list">
        {playlists.map((playlist) => (
          <ListItemButton
            key={playlist.id}
            component={RouterLink}
            to={paths.playlist(playlist.id)}
            selected={playlist.id === selectedId}
            sx={{ borderRadius: 1 }}
          >
            <ListItemAvatar sx={{ mr: 1.5 }}>
              <CoverImage src={playlist.cover} size={48} />
            </ListItemAvatar>
            <ListItemText
              primary={
                <>
                  {truncateText(playlist.title)}
                  {playlist.private && <PrivateMark />}
                </>
              }
              secondary={t('music.playlist.songs', { count: playlist.numMusics })}
            />
          </ListItemButton>
        ))}
      </List>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={t('pages.myBops.playlists')}
      data-display="gallery"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(5, minmax(0, 1fr))',
        },
      }}
    >
      {playlists.map((playlist) => (
        <Box component="li" key={playlist.id}>
          <Box
            component={RouterLink}
            to={paths.playlist(playlist.id)}
            aria-current={playlist.id === selectedId ? 'page' : undefined}
            sx={{
              display: 'block',
              color: 'inherit',
              textDecoration: 'none',
              borderRadius: 2,
              p: 1,
              outlineOffset: 2,
              bgcolor: playlist.id === selectedId ? 'action.selected' : 'transparent',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <CoverImage src={playlist.cover} sx={{ borderRadius: 1.5 }} />
            <Typography noWrap sx={{ mt: 1, fontWeight: 700 }}>
              {truncateText(playlist.title)}
              {playlist.private && <PrivateMark />}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('music.playlist.songs', { count: playlist.numMusics })}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
