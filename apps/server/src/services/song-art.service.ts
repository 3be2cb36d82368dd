import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Storage } from '../storage/storage.ts';
import type { MusicRepository } from '../repositories/music.repository.ts';
import { COVER_ART_SIZES, renderCoverArt, type CoverArtSize } from '../images/cover-art.ts';
import { reencodeCoverPicture } from '../images/reencode-photo.ts';
import {
  customCoverKey,
  drawnArtKey,
  songArtInputs,
  songArtVersion,
  type SongArtFields,
} from './song-art.ts';

/** Covers drawn at once; more wait, so a page of new songs cannot take every core. */
const MAX_CONCURRENT_DRAWS = 2;

/**
 * Song covers: the picture an owner set, or one drawn from the song (`images/cover-art.ts`), drawn on
 * first request, stored beside the song's files and kept while the song's title and make stay the same.
 * Authorization is the caller's: this serves whatever song it is given.
 */
export class SongArtService {
  readonly #storage: Storage;
  readonly #queue: JobQueue;
  readonly #music: MusicRepository;
  readonly #drawing = new Map<string, Promise<void>>();
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(deps: { storage: Storage; queue: JobQueue; music: MusicRepository }) {
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#music = deps.music;
  }

  /** The stored key of the song's cover at this size, drawing it first when needed. */
  async keyOf(music: SongArtFields, size: CoverArtSize): Promise<string> {
    const custom = customCoverKey(music);
    if (custom) return size === 'thumbnail' ? (music.thumbnailKey ?? custom) : custom;
    const version = songArtVersion(music);
    const key = drawnArtKey(music.id, version, size);
    if (await this.#storage.stat(key)) return key;
    // Asks for the same picture share one drawing.
    let drawing = this.#drawing.get(key);
    if (!drawing) {
      drawing = this.#draw(music, key, size).finally(() => this.#drawing.delete(key));
      this.#drawing.set(key, drawing);
    }
    await drawing;
    return key;
  }

  async #draw(music: SongArtFields, key: string, size: CoverArtSize): Promise<void> {
    if (this.#running >= MAX_CONCURRENT_DRAWS) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running += 1;
    try {
      const art = await renderCoverArt(songArtInputs(music), size);
      await this.#storage.put(key, art.body, art.contentType);
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
    await this.#dropOtherDrawings(music.id, key);
  }

  /** A renamed song's earlier drawings are no longer shown; they go (by a job, so a failure is retried). */
  async #dropOtherDrawings(musicId: string, kept: string): Promise<void> {
    const size = kept.slice(kept.lastIndexOf('-'));
    const stale = (await this.#storage.list(`music/${musicId}/`)).filter(
      (key) => key !== kept && key.startsWith(`music/${musicId}/art-`) && key.endsWith(size),
    );
    if (stale.length > 0) await this.#queue.send('delete-files', { keys: stale });
  }

  /**
   * The owner's own picture for the song (checked and re-encoded like a profile photo); false when they
   * own no such song. The picture it replaces goes.
   */
  async setPicture(ownerId: string, musicId: string, upload: Buffer): Promise<boolean> {
    const song = await this.#music.findById(musicId);
    if (song?.ownerId !== ownerId) return false;
    const images = await reencodeCoverPicture(upload, COVER_ART_SIZES);
    const id = randomUUID();
    const keys = {
      coverKey: `music/${musicId}/cover-${id}.jpg`,
      thumbnailKey: `music/${musicId}/thumbnail-${id}.webp`,
    };
    await this.#storage.put(keys.coverKey, images.cover, 'image/jpeg');
    await this.#storage.put(keys.thumbnailKey, images.thumbnail, 'image/webp');
    const previous = await this.#music.setCoverPicture(musicId, ownerId, keys);
    if (!previous) {
      // Deleted meanwhile: the new files go too.
      await this.#queue.send('delete-files', { keys: Object.values(keys) });
      return false;
    }
    await this.#dropPrevious(previous);
    return true;
  }

  /** Back to the drawn cover; false when they own no such song. */
  async clearPicture(ownerId: string, musicId: string): Promise<boolean> {
    const previous = await this.#music.setCoverPicture(musicId, ownerId, {
      coverKey: null,
      thumbnailKey: null,
    });
    if (!previous) return false;
    await this.#dropPrevious(previous);
    return true;
  }

  async #dropPrevious(previous: { coverKey: string | null; thumbnailKey: string | null }): Promise<void> {
    const keys = [previous.coverKey, previous.thumbnailKey].filter((key): key is string => key !== null);
    const unique = [...new Set(keys)];
    if (unique.length > 0) await this.#queue.send('delete-files', { keys: unique });
  }
}
