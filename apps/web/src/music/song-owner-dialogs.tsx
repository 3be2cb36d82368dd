import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PHOTO_TYPES } from '@bops/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CREATE_MUSIC_LIMITS } from '@bops/shared/api/creation';
import { useTranslation } from 'react-i18next';
import {
  useClearSongCoverMutation,
  useDeleteMusicMutation,
  useRenameMusicMutation,
  useSetSongCoverMutation,
} from '../api/music.api.ts';
import { checkPhoto } from '../pages/profile-form.ts';
import { CoverImage } from './cover-image.tsx';

type Song = { musicId: string; musicName: string };
type SongWithCover = Song & { cover: string };

/** The server's own words for a refused change, else a general line. */
function failureText(failure: unknown, fallback: string): string {
  return (failure as { detail?: string } | null)?.detail ?? fallback;
}

/** The owner gives their song a new name (the same rule as at creation: required, at most 100 characters). */
export function RenameSongDialog({ song, onClose }: { song: Song | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [renameMusic, state] = useRenameMusicMutation();
  const [name, setName] = useState(song?.musicName ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!song) return null;
  const max = CREATE_MUSIC_LIMITS.musicName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const musicName = name.trim();
    if (!musicName) return setError(t('validation.required'));
    if (musicName.length > max) return setError(t('validation.tooLong', { max }));
    try {
      await renameMusic({ musicId: song.musicId, musicName }).unwrap();
      onClose();
    } catch (failure) {
      setError(failureText(failure, t('music.ownSong.failed')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('music.ownSong.renameTitle', { name: song.musicName })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('music.ownSong.nameLabel')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? `${name.trim().length}/${max}`}
            slotProps={{ htmlInput: { maxLength: max + 20 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('music.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {t('music.ownSong.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The owner confirms that their song goes for good. */
export function DeleteSongDialog({ song, onClose }: { song: Song | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [deleteMusic, state] = useDeleteMusicMutation();
  const [error, setError] = useState<string | null>(null);
  if (!song) return null;

  const confirm = async () => {
    try {
      await deleteMusic(song.musicId).unwrap();
      onClose();
    } catch (failure) {
      setError(failureText(failure, t('music.ownSong.failed')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('music.ownSong.deleteTitle', { name: song.musicName })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('music.ownSong.deleteText')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('music.cancel')}</Button>
        <Button color="secondary" variant="contained" onClick={confirm} disabled={state.isLoading}>
          {t('music.ownSong.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The owner sets their own cover picture (checked here as a profile photo is, then by the server), or goes
 * back to the drawn one.
 */
export function SongCoverDialog({ song, onClose }: { song: SongWithCover | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [setCover, setState] = useSetSongCoverMutation();
  const [clearCover, clearState] = useClearSongCoverMutation();
  const [shown, setShown] = useState(song?.cover ?? '');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (!song) return null;
  const busy = setState.isLoading || clearState.isLoading;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picture = event.target.files?.[0];
    event.target.value = '';
    if (!picture) return;
    const problem = checkPhoto(picture);
    if (problem) return setMessage({ severity: 'error', text: t(problem) });
    setMessage(null);
    try {
      const saved = await setCover({ musicId: song.musicId, picture }).unwrap();
      setShown(saved.cover);
      setMessage({ severity: 'success', text: t('music.ownSong.coverSaved') });
    } catch (failure) {
      setMessage({ severity: 'error', text: failureText(failure, t('music.ownSong.failed')) });
    }
  };

  const drawn = async () => {
    try {
      const saved = await clearCover(song.musicId).unwrap();
      setShown(saved.cover);
      setMessage({ severity: 'success', text: t('music.ownSong.coverSaved') });
    } catch (failure) {
      setMessage({ severity: 'error', text: failureText(failure, t('music.ownSong.failed')) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('music.ownSong.coverTitle', { name: song.musicName })}</DialogTitle>
      <DialogContent>
        <CoverImage
          src={shown}
          alt={t('music.ownSong.coverAlt', { name: song.musicName })}
          sx={{ maxWidth: 240, mx: 'auto', mb: 2 }}
        />
        <DialogContentText>{t('music.ownSong.coverText')}</DialogContentText>
        <input
          ref={input}
          type="file"
          hidden
          accept={PHOTO_TYPES.join(',')}
          data-testid="song-cover-input"
          onChange={(event) => void choose(event)}
        />
        {message && (
          <Alert severity={message.severity} sx={{ mt: 2 }}>
            {message.text}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void drawn()} disabled={busy}>
          {t('music.ownSong.coverDrawn')}
        </Button>
        <Button variant="contained" onClick={() => input.current?.click()} disabled={busy}>
          {t('music.ownSong.coverChoose')}
        </Button>
        <Button onClick={onClose}>{t('music.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
