import { FLOW_STYLE_IDS, isFlowStyleId } from '../flow-styles.ts';
import { LYRICS_MAX_CHARS } from '../limits.ts';
import { z } from 'zod';
import { displayText, optionalDisplayText } from './display-text.ts';

const required = 'This field is required';

/** docs/PRODUCT.md#errors: the refusal of a rap or cover past the day's creations (its wording, typo and all). */
export const DAILY_LIMIT_MESSAGE =
  'Sorry, you have reach the daily limit. Your songs are being processed and will be ready soon.';

/** What a person reads when their song could not be made (its daily slot is given back). */
export const SONG_FAILED_REASON =
  'The song could not be made. Please try again; it does not count toward your daily limit.';

/** Longest value of each rap request field, in characters (form and API). */
export const CREATE_MUSIC_LIMITS = {
  musicName: 100,
  prompt: 1000,
  creatorNickname: 60,
  lyrics: LYRICS_MAX_CHARS,
  contactEmail: 320,
} as const;
const limits = CREATE_MUSIC_LIMITS;

/** A song's title, at creation and when its owner renames it. */
export const musicNameField = displayText(limits.musicName);

/** docs/PRODUCT.md#entities music creation request. Unknown keys are ignored. */
export const createMusicBody = z.object({
  creatorNickname: optionalDisplayText(limits.creatorNickname).default(''),
  musicName: musicNameField,
  musicContext: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(limits.lyrics, `Please keep the lyrics under ${limits.lyrics} characters`),
  prompt: z.string().trim().max(limits.prompt).default(''),
  style: z
    .string()
    .trim()
    .refine((value) => value === '' || value === 'na' || isFlowStyleId(value), {
      message: `Please choose one of these styles: ${FLOW_STYLE_IDS.join(', ')}`,
    })
    .default(''),
  contactEmail: z
    .string()
    .trim()
    .max(limits.contactEmail)
    .refine((value) => value === '' || z.string().email().safeParse(value).success, 'Email is invalid')
    .default(''),
  artist_id: z.string().trim().max(80).default(''),
  voice_clone_id: z.string().trim().max(80).default(''),
  vocal_artist_id: z.string().max(80).default(''),
  mixmusic_id: z.string().trim().max(80).default(''),
  version: z.string().trim().max(10).default('1.0'),
});
export type CreateMusicBody = z.infer<typeof createMusicBody>;
/** What the create form sends (the fields with defaults may be left out). */
export type CreateMusicRequest = z.input<typeof createMusicBody>;

/** docs/PRODUCT.md#entities Artist, as `GET music/rapArtists/v3` sends it. */
export const serverArtistSchema = z.object({
  artist_id: z.string(),
  name: z.string(),
  description: z.string(),
  artist_voice: z.string(),
  gender: z.string(),
  style: z.string(),
  /** The preview's address; it answers 503 "still being prepared" until the server has rendered it. */
  preview: z.string(),
});
export type ServerArtist = z.infer<typeof serverArtistSchema>;

/** `GET music/rapArtists/v3`: the rappers and the singers to choose from. */
export const rapArtistsSchema = z.object({
  rap_artists: z.array(serverArtistSchema),
  singer_artists: z.array(serverArtistSchema),
});
export type RapArtists = z.infer<typeof rapArtistsSchema>;

/** docs/PRODUCT.md#entities Music selection, server form: one entry of the map keyed by its id. */
export const serverMusicSelectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  artist: z.string(),
  image_src: z.string(),
  mood: z.string(),
  mood_id: z.string(),
  bpm: z.number(),
  /** Seconds. */
  playLength: z.number(),
  key: z.string(),
  src: z.string(),
});
export type ServerMusicSelection = z.infer<typeof serverMusicSelectionSchema>;

/** `GET music/mixMusicSelection_v2`: the beats by id, and their moods. */
export const musicSelectionsSchema = z.object({
  musics: z.record(z.string(), serverMusicSelectionSchema),
  moods: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type MusicSelections = z.infer<typeof musicSelectionsSchema>;

/** docs/PRODUCT.md#entities Create-music result: what making a rap, another take or a cover answers. */
export const createMusicResultSchema = z.object({
  submitted: z.boolean(),
  tasks: z.array(z.string()),
  task_id: z.string(),
  estimation: z.number().describe('Seconds the render is expected to take.'),
  musicId: z.string(),
  creatorNickname: z.string(),
});
export type CreateMusicResult = z.infer<typeof createMusicResultSchema>;

export const taskParams = z.object({ taskId: z.string().uuid() });

export const CREATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type CreationStatus = (typeof CREATION_STATUSES)[number];

/** `GET music/creations/{taskId}` and each event of its stream: where a creation stands. */
export const creationProgressSchema = z.object({
  taskId: z.string(),
  musicId: z.string().nullable(),
  status: z.enum(CREATION_STATUSES),
  /** The render phase the job last reported (a rap's or a cover's phase id); empty before it starts. */
  phase: z.string(),
  /** 0..1 over the whole render. */
  progress: z.number(),
  /** Seconds. */
  estimation: z.number(),
  /** Why it failed, for the person; null unless it failed. */
  error: z.string().nullable(),
});
export type CreationProgress = z.infer<typeof creationProgressSchema>;

/** `GET /api/music/daily_allowance`: the person's creations (raps and covers) today, counted as the limit counts them. */
export const dailyAllowanceSchema = z.object({
  limit: z.number().int().positive(),
  used: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
  /** When the count starts again (the next midnight UTC), ISO 8601. */
  resetsAt: z.string(),
});
export type DailyAllowance = z.infer<typeof dailyAllowanceSchema>;

/** The phases a rap render goes through, in order; the server reports them as the task's phase. */
export const RAP_PHASE_IDS = [
  'preparing-lyrics',
  'synthesizing-voice',
  'placing-on-beat',
  'rendering-beat',
  'mixing',
  'mastering',
  'encoding',
] as const;
export type RapPhaseId = (typeof RAP_PHASE_IDS)[number];

/** How long the wait in the queue and each render phase are shown to take (docs/PRODUCT.md#constants). */
const RAP_TRACK_MS: Record<'queued' | RapPhaseId, number> = {
  queued: 15000,
  'preparing-lyrics': 18000,
  'synthesizing-voice': 12000,
  'placing-on-beat': 15000,
  'rendering-beat': 10000,
  mixing: 12000,
  mastering: 10000,
  encoding: 8000,
};

/**
 * The rap progress track (docs/PRODUCT.md#entities progress wording): the wait in the queue, then the render's
 * phases in order, each with its i18n wording keys and the time it usually takes.
 */
export const RAP_PROGRESS_PHASES = (['queued', ...RAP_PHASE_IDS] as const).map((id) => ({
  id,
  nameKey: `rap.progress.phases.${id}.name`,
  subtitleKey: `rap.progress.phases.${id}.subtitle`,
  durationMs: RAP_TRACK_MS[id],
}));

export const RAP_PROGRESS_COMPLETED = {
  titleKey: 'rap.progress.completed.title',
  messageKey: 'rap.progress.completed.message',
} as const;
