import { useState, type FormEvent } from 'react';
import { PLAYLIST_TITLE_MAX_CHARS } from '@bops/shared/api/playlist';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Renames a playlist in place; Save sends the trimmed name, Cancel leaves it as it was. */
export function PlaylistTitleForm({
  initialTitle,
  busy,
  onSave,
  onCancel,
}: {
  initialTitle: string;
  busy: boolean;
  onSave(title: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    if (name) onSave(name);
  };
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={submit}>
      <TextField
        size="small"
        label={t('manage.playlistName')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        autoFocus
        slotProps={{ htmlInput: { maxLength: PLAYLIST_TITLE_MAX_CHARS } }}
      />
      <Button type="submit" variant="contained" size="small" disabled={busy || !title.trim()}>
        {t('manage.save')}
      </Button>
      <Button size="small" onClick={onCancel}>
        {t('music.cancel')}
      </Button>
    </Stack>
  );
}
