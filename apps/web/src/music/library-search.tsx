import { useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIBRARY_LIMITS, LIBRARY_SORTS, type LibrarySort } from '@bops/shared/api/library';
import { useGetLibraryQuery } from '../api/music.api.ts';
import { PlaylistGallery } from './playlist-gallery.tsx';
import { SongList } from './song-list.tsx';

/** How long typing pauses before the search is sent. */
const TYPING_PAUSE_MS = 300;

function sortOf(value: string | null): LibrarySort {
  return (LIBRARY_SORTS as readonly string[]).includes(value ?? '') ? (value as LibrarySort) : 'date';
}

/**
 * Search and sort across the person's own songs and playlists. The search and the order live in the
 * address (`?q=…&sort=…`), so a reload or a shared link keeps them; results show once either is set.
 */
export function LibrarySearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = sortOf(params.get('sort'));
  const [typed, setTyped] = useState(q);
  // The address changed under the field (back, a link, Clear): the field follows, unless it already says that.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== typed.trim()) setTyped(q);
  }
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('q', wanted);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const setSort = (value: LibrarySort) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'date') next.delete('sort');
        else next.set('sort', value);
        return next;
      },
      { replace: true },
    );

  const active = q !== '' || sort !== 'date';
  return (
    <Box component="section" aria-labelledby="library-heading" sx={{ mb: 5 }}>
      <Typography id="library-heading" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('pages.myBops.library')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          size="small"
          label={t('pages.myBops.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { maxLength: LIBRARY_LIMITS.query },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('pages.myBops.sort')}
          value={sort}
          onChange={(event) => setSort(sortOf(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          {LIBRARY_SORTS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`pages.myBops.sorts.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {active && (
          <Button
            onClick={() => {
              setTyped('');
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete('q');
                  next.delete('sort');
                  return next;
                },
                { replace: true },
              );
            }}
          >
            {t('pages.myBops.clear')}
          </Button>
        )}
      </Stack>
      {active && <LibraryResults q={q} sort={sort} />}
    </Box>
  );
}

function LibraryResults({ q, sort }: { q: string; sort: LibrarySort }) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useGetLibraryQuery({ q, sort });
  if (isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {t('pages.myBops.searchFailed')}
      </Alert>
    );
  }
  if (!data) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />;
  if (data.songCount === 0 && data.playlistCount === 0) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }} role="status">
        {t('pages.myBops.nothingFound', { q })}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 2, opacity: isFetching ? 0.6 : 1 }} aria-busy={isFetching}>
      <Typography variant="subtitle2" color="text.secondary" role="status">
        {t('pages.myBops.songsFound', { count: data.songCount })} ·{' '}
        {t('pages.myBops.playlistsFound', { count: data.playlistCount })}
      </Typography>
      {data.songs.length > 0 && (
        <SongList musics={data.songs} playlist={{ id: null, special: false }} onSignIn={() => undefined} />
      )}
      {data.playlists.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <PlaylistGallery playlists={data.playlists} mode="list" />
        </Box>
      )}
    </Box>
  );
}
