import { z } from 'zod';

/** Wire shapes of the songs API (docs/PRODUCT.md#entities "Music item"), shared by the server and the web app. */

export const musicContextSchema = z.object({
  voiceCloneIds: z.array(z.string()),
  creationType: z.string(),
  singerId: z.string(),
  rapperId: z.string(),
  mixMusicId: z.string(),
  prompt: z.string(),
  version: z.string(),
});
export type MusicContext = z.infer<typeof musicContextSchema>;

/** docs/PRODUCT.md#entities "Music item", as every music route sends it. */
export const musicItemSchema = z.object({
  musicId: z.string(),
  musicName: z.string(),
  src: z
    .string()
    .describe('Streams with HTTP ranges; empty while the song is rendering or when it has no audio.'),
  lyrics: z.string().describe('Empty when the song has no lyrics.'),
  thumbnail: z.string(),
  cover: z.string(),
  waveform: z.string(),
  download: z.string(),
  author: z.string(),
  email: z.string().describe('The contact address given at creation; sent to the owner only.'),
  duration: z.number().describe('Seconds.'),
  liked: z.boolean(),
  likes: z.number().int(),
  views: z.number().int(),
  archieve: z.boolean(),
  created: z.string(),
  changed: z.string(),
  prompt: z.string(),
  context: musicContextSchema,
  status: z.enum(['rendering', 'ready', 'failed']),
  public: z.boolean().describe('Anyone with the share link may hear it.'),
  createdBy: z.string().describe("The owner's user id; empty for the built-in demo songs."),
  credits: z
    .object({
      artist: z
        .string()
        .describe('Who performs: a built-in artist, or the creator when their own voice sings.'),
      beat: z.string().describe("The beat's title; empty when the song has none of ours."),
    })
    .optional()
    .describe('What the song page names besides its creator (`author`).'),
  stems: z
    .object({ vocals: z.string(), accompaniment: z.string() })
    .optional()
    .describe("A finished song cover's stems (MP3 downloads): the new vocal alone and the accompaniment."),
});
export type MusicItem = z.infer<typeof musicItemSchema>;
