import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Runtime } from '../runtime.ts';
import { MusicRepository, type MusicRow, type NewMusicRow } from '../repositories/music.repository.ts';

/**
 * A small but real WAV file (mono 8 kHz, 16-bit) whose samples are a deterministic tone, so byte-range
 * answers can be compared with the exact bytes.
 */
export function makeWav(samples = 2000, frequency = 440): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 12000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A tiny picture standing in for an owner's cover: a solid square of one colour. */
export async function makeCoverPicture(
  format: 'jpeg' | 'webp' | 'png',
  colour = '#ccff66',
  size = 8,
): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

export interface BuiltMusic extends MusicRow {
  /** The exact bytes stored as the song's audio. */
  audio: Buffer;
}

/**
 * Inserts a finished song owned by `owner` (null: a built-in demo song) and stores its audio, its owner's
 * cover picture (cover and thumbnail), lyrics and waveform files. `files: false` stores none.
 */
export async function buildMusic(
  runtime: Pick<Runtime, 'database' | 'storage'>,
  owner: { id: string } | null,
  overrides: Partial<NewMusicRow> & { files?: boolean; audio?: Buffer } = {},
): Promise<BuiltMusic> {
  const { files = true, audio = makeWav(), ...row } = overrides;
  const id = row.id ?? randomUUID();
  const pictureId = randomUUID();
  const keys = {
    srcKey: `music/${id}/song.wav`,
    coverKey: `music/${id}/cover-${pictureId}.jpg`,
    thumbnailKey: `music/${id}/thumbnail-${pictureId}.webp`,
    lyricsKey: `music/${id}/lyrics.json`,
    waveformKey: `music/${id}/waveform.json`,
  };
  if (files) {
    await runtime.storage.put(keys.srcKey, audio, 'audio/wav');
    await runtime.storage.put(keys.coverKey, await makeCoverPicture('jpeg'), 'image/jpeg');
    await runtime.storage.put(keys.thumbnailKey, await makeCoverPicture('webp'), 'image/webp');
    await runtime.storage.put(
      keys.lyricsKey,
      Buffer.from(JSON.stringify({ lines: [{ t: 0, text: 'la la la' }] })),
      'application/json',
    );
    await runtime.storage.put(
      keys.waveformKey,
      Buffer.from(JSON.stringify({ peaks: [0, 0.5, 1] })),
      'application/json',
    );
  }
  const inserted = await new MusicRepository(runtime.database.db).insert({
    id,
    ownerId: owner?.id ?? null,
    name: `Song ${id.slice(0, 6)}`,
    author: 'MC Test',
    contactEmail: 'maker@example.test',
    status: 'ready',
    isPrivate: owner !== null,
    durationSeconds: 0.25,
    prompt: 'a song about tests',
    context: {
      voiceCloneIds: [],
      creationType: 'rap',
      singerId: 'na',
      rapperId: 'rapper-1',
      mixMusicId: 'na',
      prompt: 'a song about tests',
      version: '',
    },
    ...(files ? keys : {}),
    ...row,
  });
  return Object.assign(inserted, { audio });
}
