import { AudioInputError, decodeAudio, sniffAudioFormat, type AudioFormat } from '@bops/engine';
import { SONG_COVER_LIMITS, SONG_FILE_TYPES, type SongFileType } from '@bops/shared';

/** A song file that can be covered, as the check found it. */
export interface AcceptedSong {
  ok: true;
  type: SongFileType | 'webm';
  durationSeconds: number;
  sampleRate: number;
  channels: number;
}

/** Why a song file was refused: the HTTP status to answer and what the person reads. */
export interface RefusedSong {
  ok: false;
  status: 400 | 413 | 415;
  message: string;
}

const TYPE_OF_FORMAT: Partial<Record<AudioFormat, SongFileType | 'webm'>> = {
  mp3: 'mp3',
  wav: 'wav',
  m4a: 'm4a',
  oga: 'ogg',
  opus: 'ogg',
  flac: 'flac',
  webm: 'webm',
};

const names = SONG_FILE_TYPES.map((type) => type.toUpperCase());
const ACCEPTED = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
const minutes = Math.round(SONG_COVER_LIMITS.maxSongSeconds / 60);

/**
 * Checks a song file by its content (never its name or declared type): a format we take, decodable from
 * start to end, at most 10 minutes long, at a sample rate real audio has. Decoding stops as soon as the
 * audio passes the limit, so a long file at a tiny bitrate costs no more than a 10-minute one. Runs on a
 * worker thread. `fromLink`: a download from a video site may also be WebM audio.
 */
export async function checkSongFile(bytes: Uint8Array, options: { fromLink?: boolean } = {}) {
  if (bytes.length === 0) return refuse(400, 'The song file is empty.');
  if (bytes.length > SONG_COVER_LIMITS.maxSongBytes) {
    return refuse(
      413,
      `The song file is larger than ${SONG_COVER_LIMITS.maxSongBytes / 1024 / 1024} MB. Please use an MP3 or FLAC file.`,
    );
  }
  const format = sniffAudioFormat(bytes);
  const type = format ? TYPE_OF_FORMAT[format] : undefined;
  if (!type || (type === 'webm' && !options.fromLink)) {
    return refuse(415, `This is not a song file we can use. Please choose an ${ACCEPTED} file.`);
  }
  let decoded;
  try {
    decoded = await decodeAudio(bytes, {
      maxBytes: SONG_COVER_LIMITS.maxSongBytes,
      maxSeconds: SONG_COVER_LIMITS.maxSongSeconds,
    });
  } catch (error) {
    if (!(error instanceof AudioInputError)) throw error;
    if (error.code === 'too-long') {
      return refuse(400, `The song is longer than ${minutes} minutes. Please choose a shorter song.`);
    }
    return refuse(
      400,
      `The song file is damaged or not audio we can read. Please choose another ${ACCEPTED} file.`,
    );
  }
  if (
    decoded.sampleRate < SONG_COVER_LIMITS.minSampleRate ||
    decoded.sampleRate > SONG_COVER_LIMITS.maxSampleRate
  ) {
    return refuse(400, `The song's sample rate (${decoded.sampleRate} Hz) is not one music uses.`);
  }
  if (decoded.durationSeconds < 1) return refuse(400, 'The song is shorter than a second.');
  return {
    ok: true,
    type,
    durationSeconds: decoded.durationSeconds,
    sampleRate: decoded.sampleRate,
    channels: decoded.channels.length,
  } satisfies AcceptedSong;
}

function refuse(status: RefusedSong['status'], message: string): RefusedSong {
  return { ok: false, status, message };
}
