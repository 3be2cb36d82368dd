import { z } from 'zod';
import { LYRICS_MAX_CHARS } from '../limits.ts';
import type { CreateMusicResult } from './creation.ts';
import { displayText } from './display-text.ts';

/**
 * The song cover ("Song remix") contract: what the web form sends to `POST /api/music/create_song_cover`,
 * what it answers, the limits both sides check and the progress wording of the remix track.
 */

/** Song files a cover accepts, by the extension people know them by. Content decides, never the name. */
export const SONG_FILE_TYPES = ['mp3', 'wav', 'm4a', 'ogg', 'flac'] as const;
export type SongFileType = (typeof SONG_FILE_TYPES)[number];

export const SONG_COVER_LIMITS = {
  /** Longest song a cover takes, in seconds (10 minutes). */
  maxSongSeconds: 600,
  /** Largest song file accepted, in bytes: a 10-minute MP3 or FLAC fits; a long WAV does not. */
  maxSongBytes: 50 * 1024 * 1024,
  /** Sample rates a song file may have, in Hz. */
  minSampleRate: 8000,
  maxSampleRate: 192_000,
  titleMaxChars: 100,
  /** Key shift in semitones, or "auto" (whole octaves into the singer's range). */
  minShift: -12,
  maxShift: 12,
  /** Level of the new vocal against the default mix, in dB. */
  minVocalLevel: -12,
  maxVocalLevel: 12,
  lyricsMaxChars: LYRICS_MAX_CHARS,
  urlMaxChars: 2000,
} as const;

/** The browser's file picker filter for song files. */
export const SONG_FILE_ACCEPT =
  '.mp3,.wav,.m4a,.ogg,.flac,audio/mpeg,audio/wav,audio/mp4,audio/ogg,audio/flac';

/** What the person reads (docs/PRODUCT.md#errors, song remix). */
export const SONG_REMIX_MESSAGES = {
  noSinger: "Sorry, you haven't created an AI singer yet.",
  notReady: 'Voice is not ready to use yet. Please try again later.',
  failedTitle: 'Sorry, something went wrong',
  failedBody: 'Please try again.',
  songRequired: 'Please paste a song link or choose a song file.',
  linkAndFile: 'Please give either a song link or a song file, not both.',
} as const;

const required = 'This field is required';

/** A form value of a multipart upload arrives as text; JSON may send a number. */
const shiftValue = z.union([z.literal('auto'), z.literal(''), z.coerce.number()]).transform((value, ctx) => {
  if (value === 'auto' || value === '') return 'auto' as const;
  if (!Number.isInteger(value) || value < SONG_COVER_LIMITS.minShift || value > SONG_COVER_LIMITS.maxShift) {
    ctx.addIssue({
      code: 'custom',
      message: `Please choose Auto or a whole number of semitones from ${SONG_COVER_LIMITS.minShift} to +${SONG_COVER_LIMITS.maxShift}`,
    });
    return z.NEVER;
  }
  return value;
});

const vocalLevelValue = z
  .union([z.literal(''), z.coerce.number()])
  .transform((value) => (value === '' ? 0 : value))
  .pipe(
    z
      .number()
      .finite()
      .min(SONG_COVER_LIMITS.minVocalLevel, 'Please keep the vocal level between -12 and +12 dB')
      .max(SONG_COVER_LIMITS.maxVocalLevel, 'Please keep the vocal level between -12 and +12 dB'),
  );

/**
 * docs/PRODUCT.md#entities song cover payload `{voice_clone_id, song_url, song_title}`, plus the optional key shift, lyrics and
 * vocal level. The same fields arrive as JSON (with `song_url`) or as a multipart form (with a `song` file
 * instead). Unknown keys are ignored.
 */
export const createSongCoverBody = z.object({
  voice_clone_id: z.string({ message: required }).trim().min(1, required).max(80),
  song_url: z.string().trim().max(SONG_COVER_LIMITS.urlMaxChars, 'This link is too long').default(''),
  song_title: displayText(SONG_COVER_LIMITS.titleMaxChars),
  shift: shiftValue.default('auto'),
  lyrics: z
    .string()
    .trim()
    .max(
      SONG_COVER_LIMITS.lyricsMaxChars,
      `Please keep the lyrics under ${SONG_COVER_LIMITS.lyricsMaxChars} characters`,
    )
    .default(''),
  vocal_level: vocalLevelValue.default(0),
});
export type CreateSongCoverBody = z.infer<typeof createSongCoverBody>;
/** What the web form sends (before the server's defaults apply). */
export type CreateSongCoverRequest = z.input<typeof createSongCoverBody>;

/** docs/PRODUCT.md#entities create result, as the rap's (`createMusicResultSchema`). */
export type CreateSongCoverResult = CreateMusicResult;

/** What the song remix screen needs to know before the person starts: can the server fetch links? */
export const songCoverOptionsSchema = z.object({
  linkImport: z.object({
    available: z.boolean(),
    /** Why links cannot be used here, for the person; empty when they can. */
    reason: z.string(),
    /** The sites whose public share links work. */
    sites: z.array(z.string()),
  }),
});
export type SongCoverOptions = z.infer<typeof songCoverOptionsSchema>;

/**
 * The remix progress track (docs/PRODUCT.md#entities progress wording, #constants durations): the engine's cover phases in order, each
 * with its i18n wording keys and the time it usually takes. The server reports these ids as the task's phase.
 */
export const COVER_PHASE_IDS = [
  'fetching-song',
  'separating-vocals',
  'tracking-melody',
  'converting-voice',
  'shaping-vocal',
  'mixing',
  'mastering',
  'encoding',
] as const;
export type CoverPhaseId = (typeof COVER_PHASE_IDS)[number];

/** How long each phase is shown to take on the remix track (the countdown's estimate). */
export const COVER_PHASE_DURATIONS_MS: Readonly<Record<CoverPhaseId, number>> = {
  'fetching-song': 15000,
  'separating-vocals': 12000,
  'tracking-melody': 18000,
  'converting-voice': 24000,
  'shaping-vocal': 18000,
  mixing: 18000,
  mastering: 15000,
  encoding: 12000,
};

export const COVER_PROGRESS_PHASES = COVER_PHASE_IDS.map((id) => ({
  id,
  nameKey: `songCover.progress.phases.${id}.name`,
  subtitleKey: `songCover.progress.phases.${id}.subtitle`,
  durationMs: COVER_PHASE_DURATIONS_MS[id],
}));

export const COVER_PROGRESS_COMPLETED = {
  titleKey: 'songCover.progress.completed.title',
  messageKey: 'songCover.progress.completed.message',
} as const;

/** A cover's stems, each a file route under `/api/music/{musicId}/`. */
export const COVER_STEM_FILES = ['vocals', 'accompaniment'] as const;
export type CoverStemFile = (typeof COVER_STEM_FILES)[number];
