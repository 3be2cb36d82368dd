import { z } from 'zod';
import { musicItemSchema } from '../music-api.ts';
import { displayText, optionalDisplayText } from './display-text.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const playlistParams = z.object({ playlistId: z.string().regex(idPattern) });

/** The longest playlist title, in characters (form and API). */
export const PLAYLIST_TITLE_MAX_CHARS = 100;

const title = displayText(PLAYLIST_TITLE_MAX_CHARS);

const musicIds = z
  .array(z.string().regex(idPattern, 'is not a song id'), { message: 'musicIds must be a list of song ids' })
  .max(1000, 'A playlist holds at most 1000 songs');

/** docs/PRODUCT.md#entities "Playlist create": playlistName, private. Other keys (owner, kind, counts) are ignored. */
export const createPlaylistBody = z.object({
  playlistName: title,
  private: z.boolean({ message: 'private must be true or false' }).default(true),
});
export type CreatePlaylistBody = z.infer<typeof createPlaylistBody>;

/**
 * docs/PRODUCT.md#entities "Playlist update": private (boolean); title only when a name is given; archieve only when a
 * boolean; musicIds only when an array. Anything else is ignored, as are those keys with other types.
 */
export const updatePlaylistBody = z.object({
  private: z.boolean().optional().catch(undefined),
  title: optionalDisplayText(100)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  archieve: z.boolean().optional().catch(undefined),
  musicIds: z
    .unknown()
    .optional()
    .transform((value, context) => {
      if (!Array.isArray(value)) return undefined;
      const parsed = musicIds.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          context.addIssue({ ...issue, path: ['musicIds', ...issue.path] });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export type UpdatePlaylistBody = z.infer<typeof updatePlaylistBody>;

/** `PATCH music/playlist/v3/{playlistId}`: the playlist's songs, in order. */
export const replaceMusicsBody = z.object({ musicIds });

/** `GET music/playlists`: `timestamp` only defeats caches; `includeArchived=true` adds archived ones. */
export const listPlaylistsQuery = z.object({
  timestamp: z.string().optional(),
  includeArchived: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** 'user', 'default' ("My Bops"), 'top_songs' (the curated "Demo") or 'top_by_views'. */
export const PLAYLIST_KINDS = ['user', 'default', 'top_songs', 'top_by_views'] as const;
export type PlaylistKind = (typeof PLAYLIST_KINDS)[number];

/** docs/PRODUCT.md#entities "Playlist", summary form. */
export const playlistSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  private: z.boolean(),
  archieve: z.boolean(),
  isDefault: z.boolean(),
  kind: z.enum(PLAYLIST_KINDS),
  numMusics: z.number().int(),
  cover: z.string().describe("The first song's thumbnail, or the default cover."),
  musicId: z.string().describe("The first song's id; empty for an empty playlist."),
  musicIds: z.array(z.string()).describe("The songs' ids in order (the ones the caller may see)."),
  createdBy: z.string().describe("The owner's user id; empty for the instance-wide playlists."),
  created: z.string(),
  changed: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const playlistSchema = playlistSummarySchema.extend({ musics: z.array(musicItemSchema) });
export type Playlist = z.infer<typeof playlistSchema>;

/** What deleting a playlist answers. */
export const deletedPlaylistSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedPlaylist = z.infer<typeof deletedPlaylistSchema>;

/** What the web app sends to create a playlist. */
export type PlaylistCreate = z.input<typeof createPlaylistBody>;

/** docs/PRODUCT.md#entities "Playlist update" as the web app sends it: title, archieve and musicIds only when given. */
export interface PlaylistUpdate {
  private: boolean;
  title?: string;
  archieve?: boolean;
  musicIds?: string[];
}
