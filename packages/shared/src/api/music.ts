import { musicNameField } from './creation.ts';
import { COVER_STEM_FILES } from './song-cover.ts';
import { z } from 'zod';

/** Song and playlist ids: our UUIDs and the fixed ids of the instance-wide playlists. */
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const musicParams = z.object({ musicId: z.string().regex(idPattern) });

/** docs/PRODUCT.md#entities "Like: count (default 1)". A count above 0 likes; 0 or below takes the like back. */
export const likeBody = z.object({ count: z.coerce.number().finite().default(1) });

/** The files a song has, each behind its own URL under /api/music/{musicId}/. */
export const musicFileKinds = [
  'audio',
  'download',
  'lyrics',
  'cover',
  'thumbnail',
  'waveform',
  ...COVER_STEM_FILES,
] as const;
export type MusicFileKind = (typeof musicFileKinds)[number];

export const musicFileParams = z.object({
  musicId: z.string().regex(idPattern),
  file: z.enum(musicFileKinds),
});

/**
 * `GET /api/music/{musicId}/cover|thumbnail?v=…`: the version the song's answer named. The current version
 * may be kept by the browser for good; any other (or none) is revalidated on each use.
 */
export const coverFileQuery = z.object({
  v: z
    .string()
    .regex(/^[0-9a-z]{1,32}$/)
    .optional()
    .catch(undefined),
});

/** The form field of `POST /api/music/song/{musicId}/cover`, the owner's own picture. */
export const COVER_PICTURE_FIELD = 'cover';

export const likeResultSchema = z.object({
  musicId: z.string(),
  liked: z.boolean(),
  likes: z.number().int(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

export const viewResultSchema = z.object({ musicId: z.string(), views: z.number().int() });
export type ViewResult = z.infer<typeof viewResultSchema>;

/** `/api/music/{musicId}/waveform`: peaks for drawing, and word and line times (seconds) for synced lyrics. */
export interface WaveformData {
  peaks: number[];
  /** Words may name their line by index. */
  words: { text: string; start: number; end: number; line?: number }[];
  lines: { text: string; start: number; end: number }[];
}

/** `PATCH /api/music/song/{musicId}`: the owner renames a song. Other keys are ignored. */
export const renameMusicBody = z.object({ musicName: musicNameField });
export type RenameMusicBody = z.infer<typeof renameMusicBody>;

/** `DELETE /api/music/song/{musicId}`: the song, its files and its playlist entries are gone. */
export const deletedMusicSchema = z.object({ musicId: z.string(), deleted: z.literal(true) });
export type DeletedMusic = z.infer<typeof deletedMusicSchema>;
