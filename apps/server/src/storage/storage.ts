import type { Readable } from 'node:stream';

/** What is known about a stored object without reading it. */
export interface StoredObjectInfo {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** An inclusive byte range, already clamped to the object. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where Bops keeps files (audio, images, lyrics, voice samples). Keys are slash-separated paths
 * such as `music/<id>/song.mp3`; they never come from users unchecked.
 */
export interface Storage {
  put(key: string, body: Buffer | Uint8Array | Readable, contentType: string): Promise<StoredObjectInfo>;
  /** Null when the object does not exist. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Null when the object does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  readAll(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix, for maintenance and tests. */
  list(prefix: string): Promise<string[]>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Rejects keys that could escape the storage root or confuse a driver. */
export function assertValidKey(key: string): void {
  if (
    key.length > 512 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}
