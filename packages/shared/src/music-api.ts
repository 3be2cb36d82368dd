/** Wire shapes of the songs API (docs/PRODUCT.md#entities "Music item"), shared by the server and the web app. */

export interface MusicContext {
  voiceCloneIds: string[];
  creationType: string;
  singerId: string;
  rapperId: string;
  mixMusicId: string;
  prompt: string;
  version: string;
}

/** docs/PRODUCT.md#entities "Music item", as every music route sends it. */
export interface MusicItem {
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
  context: MusicContext;
  status: 'rendering' | 'ready' | 'failed';
  /** Anyone with the share link may hear it. */
  public: boolean;
  /** The owner's user id; empty for the built-in demo songs. */
  createdBy: string;
  /** A finished song cover's stems (MP3 downloads): the new vocal alone and the accompaniment. */
  stems?: { vocals: string; accompaniment: string };
}
