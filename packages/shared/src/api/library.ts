import { z } from 'zod';
import { musicItemSchema } from '../music-api.ts';
import { playlistSummarySchema } from './playlist.ts';

/** What a person's library (their songs and playlists) can be sorted by. */
export const LIBRARY_SORTS = ['date', 'title', 'likes', 'listens'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export const LIBRARY_LIMITS = { query: 100, pageSize: 50, maxPageSize: 100, maxOffset: 10_000 } as const;

/**
 * `GET /api/music/library`: the caller's own songs and playlists whose titles (or, for songs, the artist
 * shown) hold `q`, sorted by `sort`. `order` defaults to A–Z for titles and newest or most first otherwise.
 * Playlists are sorted by the likes and listens of their songs together.
 */
export const libraryQuery = z.object({
  q: z
    .string({ message: 'q must be text' })
    .trim()
    .max(LIBRARY_LIMITS.query, `Please search with at most ${LIBRARY_LIMITS.query} characters`)
    .default(''),
  sort: z.enum(LIBRARY_SORTS, { message: `sort must be one of ${LIBRARY_SORTS.join(', ')}` }).default('date'),
  order: z.enum(['asc', 'desc'], { message: 'order must be asc or desc' }).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIBRARY_LIMITS.maxPageSize, `limit must be at most ${LIBRARY_LIMITS.maxPageSize}`)
    .default(LIBRARY_LIMITS.pageSize),
  offset: z.coerce
    .number({ message: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(LIBRARY_LIMITS.maxOffset, `offset must be at most ${LIBRARY_LIMITS.maxOffset}`)
    .default(0),
});
export type LibraryQuery = z.infer<typeof libraryQuery>;
/** What the web app sends (every field optional). */
export interface LibraryRequest {
  q?: string;
  sort?: LibrarySort;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export const librarySchema = z.object({
  songs: z.array(musicItemSchema),
  playlists: z.array(playlistSummarySchema),
  /** How many songs and playlists match in all (the lists hold one page). */
  songCount: z.number().int(),
  playlistCount: z.number().int(),
});
export type Library = z.infer<typeof librarySchema>;
