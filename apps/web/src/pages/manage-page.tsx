import { useState, type FormEvent } from 'react';
import { PLAYLIST_TITLE_MAX_CHARS } from '@bops/shared/api/playlist';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useCreatePlaylistMutation, useGetPlaylistQuery, useGetPlaylistsQuery } from '../api/music.api.ts';
import type { MusicItem } from '@bops/shared';
import { PlaylistManager } from '../manage/playlist-manager.tsx';
import { NoticeList } from '../notices/notice-list.tsx';
import { useAppSelector } from '../store/hooks.ts';
import { AiSingersSection } from '../voice-cloning/ai-singers-section.tsx';
import { PageLayout } from './page-layout.tsx';

export default function ManagePage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.manage.title')}>
      <NoticeList />
      <AiSingersSection />
      <PlaylistsSection />
    </PageLayout>
  );
}

function PlaylistsSection() {
  const { t } = useTranslation();
  const userId = useAppSelector((state) => state.account.user?.id);
  const { data, isLoading, isError, isFetching } = useGetPlaylistsQuery({ includeArchived: true });
  const all = data ?? [];
  const own = all.filter((playlist) => playlist.createdBy === userId);
  const active = own.filter((playlist) => !playlist.archieve);
  const archived = own.filter((playlist) => playlist.archieve);
  // Songs to add come from the person's "My Bops" (every song they made) and the demo playlist.
  const defaultId = own.find((playlist) => playlist.isDefault)?.id;
  const demoId = all.find((playlist) => playlist.kind === 'top_songs')?.id;
  const mine = useGetPlaylistQuery(defaultId ?? skipToken);
  const demo = useGetPlaylistQuery(demoId ?? skipToken);
  const candidates: MusicItem[] = [];
  for (const music of [...(mine.data?.musics ?? []), ...(demo.data?.musics ?? [])]) {
    if (!candidates.some((known) => known.musicId === music.musicId)) candidates.push(music);
  }

  return (
    <Box component="section" aria-labelledby="manage-playlists-heading" sx={{ my: 4 }}>
      <Typography id="manage-playlists-heading" variant="h6" component="h2" gutterBottom>
        {t('pages.manage.playlists')}
      </Typography>
      <CreatePlaylistForm />
      {isLoading ? (
        <Skeleton variant="rounded" height={96} />
      ) : isError ? (
        <Alert severity="error">{t('music.playlist.listFailed')}</Alert>
      ) : (
        <>
          <Box component="ul" aria-label={t('manage.yourPlaylists')} sx={{ p: 0, m: 0 }}>
            {active.map((playlist) => (
              <PlaylistManager
                key={playlist.id}
                playlist={playlist}
                targets={active}
                candidates={candidates}
                refreshing={isFetching}
              />
            ))}
          </Box>
          {archived.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
                {t('manage.archivedPlaylists')}
              </Typography>
              <Box component="ul" aria-label={t('manage.archivedPlaylists')} sx={{ p: 0, m: 0 }}>
                {archived.map((playlist) => (
                  <PlaylistManager
                    key={playlist.id}
                    playlist={playlist}
                    targets={active}
                    candidates={candidates}
                    refreshing={isFetching}
                  />
                ))}
              </Box>
            </>
          )}
        </>
      )}
    </Box>
  );
}

function CreatePlaylistForm() {
  const { t } = useTranslation();
  const [create, state] = useCreatePlaylistMutation();
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const playlistName = name.trim();
    if (!playlistName) {
      setError(t('validation.required'));
      return;
    }
    setError(null);
    try {
      await create({ playlistName, private: isPrivate }).unwrap();
      // Keep anything typed while the playlist was being made.
      setName((current) => (current.trim() === playlistName ? '' : current));
    } catch (failure) {
      setError((failure as { detail?: string } | null)?.detail ?? t('manage.failed'));
    }
  };

  return (
    <Stack
      component="form"
      aria-label={t('manage.createPlaylist')}
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' }, mb: 3 }}
      noValidate
    >
      <TextField
        size="small"
        label={t('manage.playlistName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: PLAYLIST_TITLE_MAX_CHARS } }}
        sx={{ flex: 1 }}
      />
      <FormControlLabel
        control={<Switch checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />}
        label={t('music.playlist.private')}
      />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={state.isLoading}>
        {t('manage.createPlaylist')}
      </Button>
    </Stack>
  );
}
