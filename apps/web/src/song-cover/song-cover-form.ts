import {
  SONG_COVER_LIMITS,
  SONG_FILE_TYPES,
  SONG_REMIX_MESSAGES,
  type CreateSongCoverRequest,
} from '@bops/shared';

/** What the song remix form holds while the person fills it in. */
export interface SongCoverDraft {
  voiceCloneId: string;
  title: string;
  source: 'link' | 'file';
  songUrl: string;
  file: File | null;
  /** 'auto' or a whole number of semitones, −12…+12. */
  shift: 'auto' | number;
  /** dB against the default mix, −12…+12. */
  vocalLevel: number;
}

export const emptySongCoverDraft: SongCoverDraft = {
  voiceCloneId: '',
  title: '',
  source: 'link',
  songUrl: '',
  file: null,
  shift: 'auto',
  vocalLevel: 0,
};

export type SongCoverField = 'voiceCloneId' | 'title' | 'song';

/** A problem with one field: an i18n key, or the server's own words. */
export type SongCoverErrors = Partial<
  Record<SongCoverField, { key: string; values?: Record<string, unknown> }>
>;

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/**
 * The checks the browser can make before sending (the server checks all of them again, and the song's content
 * and length, which only decoding tells).
 */
export function validateSongCover(draft: SongCoverDraft): SongCoverErrors {
  const errors: SongCoverErrors = {};
  if (!draft.voiceCloneId) errors.voiceCloneId = { key: 'songCover.errors.chooseSinger' };
  const title = draft.title.trim();
  if (!title) errors.title = { key: 'songCover.errors.required' };
  else if (title.length > SONG_COVER_LIMITS.titleMaxChars)
    errors.title = { key: 'songCover.errors.titleTooLong', values: { max: SONG_COVER_LIMITS.titleMaxChars } };
  if (draft.source === 'link') {
    const url = draft.songUrl.trim();
    if (!url) errors.song = { key: 'songCover.errors.linkRequired' };
    else if (!/^https:\/\/\S+$/i.test(url) || url.length > SONG_COVER_LIMITS.urlMaxChars)
      errors.song = { key: 'songCover.errors.linkInvalid' };
  } else if (!draft.file) {
    errors.song = { key: 'songCover.errors.fileRequired' };
  } else if (!(SONG_FILE_TYPES as readonly string[]).includes(extensionOf(draft.file.name))) {
    errors.song = { key: 'songCover.errors.fileType' };
  } else if (draft.file.size > SONG_COVER_LIMITS.maxSongBytes) {
    errors.song = {
      key: 'songCover.errors.fileTooLarge',
      values: { megabytes: SONG_COVER_LIMITS.maxSongBytes / 1024 / 1024 },
    };
  } else if (draft.file.size === 0) {
    errors.song = { key: 'songCover.errors.fileEmpty' };
  }
  return errors;
}

/** The request the form sends (the file travels beside it). */
export function toSongCoverRequest(draft: SongCoverDraft): CreateSongCoverRequest {
  return {
    voice_clone_id: draft.voiceCloneId,
    song_title: draft.title.trim(),
    song_url: draft.source === 'link' ? draft.songUrl.trim() : '',
    shift: draft.shift,
    vocal_level: draft.vocalLevel,
  };
}

/** How a refused request is shown: the product's wording where it has one (docs/PRODUCT.md#errors), else the server's explanation. */
export type SongCoverFailure =
  | { kind: 'notReady' }
  | { kind: 'dailyLimit' }
  | { kind: 'field'; field: SongCoverField; text: string }
  | { kind: 'message'; text: string }
  | { kind: 'generic' };

export function describeSongCoverFailure(error: unknown): SongCoverFailure {
  const { status, detail } = (error ?? {}) as { status?: unknown; detail?: unknown };
  const text = typeof detail === 'string' ? detail : '';
  if (text === SONG_REMIX_MESSAGES.notReady) return { kind: 'notReady' };
  if (status === 429) return { kind: 'dailyLimit' };
  if (typeof status !== 'number' || status >= 500 || !text) return { kind: 'generic' };
  if (/^(shift|vocal_level|lyrics):/.test(text)) return { kind: 'message', text };
  if (text.startsWith('song_title:')) return { kind: 'field', field: 'title', text: text.slice(11).trim() };
  if (text.startsWith('voice_clone_id:') || status === 404)
    return { kind: 'field', field: 'voiceCloneId', text: text.replace(/^voice_clone_id:\s*/, '') };
  if (text.startsWith('song_url:')) return { kind: 'field', field: 'song', text: text.slice(9).trim() };
  // The song file's check (type, length, damage, size) and the link's availability speak about the song.
  if (status === 400 || status === 413 || status === 415) return { kind: 'field', field: 'song', text };
  return { kind: 'message', text };
}
