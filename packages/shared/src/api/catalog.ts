import { z } from 'zod';

/** `/audio/musics/{id}.mp3` (a beat) or `{id}.svg` (its cover). */
export const musicFileParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,80}\.(mp3|svg)$/) });

/** `/audio/artists/{id}.mp3`: an artist's preview. */
export const artistFileParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,80}\.mp3$/) });
