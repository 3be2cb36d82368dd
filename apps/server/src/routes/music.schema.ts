import { z } from 'zod';

/** Song and playlist ids: our UUIDs and the fixed ids of the instance-wide playlists. */
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const musicParams = z.object({ musicId: z.string().regex(idPattern) });

/** Spec §3 "Like: count (default 1)". A count above 0 likes; 0 or below takes the like back. */
export const likeBody = z.object({ count: z.coerce.number().finite().default(1) });
export type LikeBody = z.infer<typeof likeBody>;

/** The files a song has, each behind its own URL under /api/music/{musicId}/. */
export const musicFileKinds = ['audio', 'download', 'lyrics', 'cover', 'thumbnail', 'waveform'] as const;
export type MusicFileKind = (typeof musicFileKinds)[number];

export const musicFileParams = z.object({
  musicId: z.string().regex(idPattern),
  file: z.enum(musicFileKinds),
});

export interface MusicContextResponse {
  voiceCloneIds: string[];
  creationType: string;
  singerId: string;
  rapperId: string;
  mixMusicId: string;
  prompt: string;
  version: string;
}

/** Spec §3 "Music item", as every music route sends it. */
export interface MusicItemResponse {
  musicId: string;
  musicName: string;
  /** Streams with HTTP ranges; empty while the song is rendering or when it has no audio. */
  src: string;
  /** Empty when the song has no lyrics. */
  lyrics: string;
  thumbnail: string;
  cover: string;
  waveform: string;
  download: string;
  author: string;
  /** The contact address given at creation; sent to the owner only. */
  email: string;
  /** Seconds. */
  duration: number;
  liked: boolean;
  likes: number;
  views: number;
  archieve: boolean;
  created: string;
  changed: string;
  prompt: string;
  context: MusicContextResponse;
  status: 'rendering' | 'ready' | 'failed';
  /** Anyone with the share link may hear it. */
  public: boolean;
  /** The owner's user id; empty for the built-in demo songs. */
  createdBy: string;
}

export interface LikeResponse {
  musicId: string;
  liked: boolean;
  likes: number;
}

export interface ViewResponse {
  musicId: string;
  views: number;
}
