import { createHmac } from 'node:crypto';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import type { ReadCache } from '../db/read-cache.ts';
import { conflict, HttpError, notFound } from '../http/http-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Storage } from '../storage/storage.ts';
import {
  accountListener,
  type LibrarySearch,
  type MusicRepository,
  type ViewedMusic,
} from '../repositories/music.repository.ts';
import type { MusicItem } from '@bops/shared';
import type { DeletedMusic, LikeResult, MusicFileKind, ViewResult } from '@bops/shared/api/music';
import { coverStemKey } from './cover-files.ts';
import { presentMusic } from './music-presenter.ts';
import type { SongArtService } from './song-art.service.ts';
import { songArtVersion } from './song-art.ts';

/** What a song file route sends: a stored object (ranged), or the song's lyrics text. */
export type MusicFile =
  | { kind: 'stored'; key: string; downloadName?: string; cacheControl: string }
  | { kind: 'text'; text: string; cacheControl: string };

const NOT_FOUND = 'This song does not exist.';

/** docs/ARCHITECTURE.md#songs-and-playlists: one listener's listens to one song count once in this window. */
export const LISTEN_WINDOW_SECONDS = 30 * 60;

/** Who is listening: a signed-in person, or a visitor known only by the address the request came from. */
export type Listener = { userId: string } | { userId: null; address: string };

/**
 * Songs: reading them, their files, likes and listens. Every path goes through `#visible`, so a private
 * song answers 404 to anyone but its owner, the same as a song that does not exist.
 */
export class MusicService {
  readonly #music: MusicRepository;
  readonly #cache: ReadCache;

  readonly #listenerSecret: string;
  readonly #storage: Storage;
  readonly #queue: JobQueue;
  readonly #art: SongArtService;

  constructor(deps: {
    music: MusicRepository;
    readCache: ReadCache;
    listenerSecret: string;
    storage: Storage;
    queue: JobQueue;
    art: SongArtService;
  }) {
    this.#music = deps.music;
    this.#cache = deps.readCache;
    this.#listenerSecret = deps.listenerSecret;
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#art = deps.art;
  }

  /**
   * A visitor is their network: an IPv4 address, or an IPv6 /64 (one device commonly holds a whole /64,
   * so its addresses are one listener). Kept as a keyed hash, so the table holds no addresses.
   */
  #listenerKey(listener: Listener): string {
    if (listener.userId !== null) return accountListener(listener.userId);
    let network = listener.address;
    if (ipaddr.isValid(listener.address)) {
      const parsed = ipaddr.process(listener.address);
      network =
        parsed.kind() === 'ipv6'
          ? `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`
          : parsed.toString();
    }
    return `a:${createHmac('sha256', this.#listenerSecret).update(network).digest('base64url').slice(0, 32)}`;
  }

  /** The song, kept between requests, if the viewer may see it; its counts may be a little old. */
  async #find(musicId: string, viewerId: string | null): Promise<Omit<ViewedMusic, 'liked'> | null> {
    const song = await this.#cache.get(`song:${musicId}`, () => this.#music.findWithVisibility(musicId));
    if (!song || !(song.isPublic || (viewerId !== null && song.music.ownerId === viewerId))) return null;
    return song;
  }

  async #visible(musicId: string, viewerId: string | null): Promise<Omit<ViewedMusic, 'liked'>> {
    const song = await this.#find(musicId, viewerId);
    if (!song) throw notFound(NOT_FOUND);
    return song;
  }

  /**
   * The song with its counts and the viewer's like as they are now (kept until the database announces that
   * they moved); null when the viewer may not see it.
   */
  async #findCurrent(musicId: string, viewerId: string | null): Promise<ViewedMusic | null> {
    const song = await this.#find(musicId, viewerId);
    const live =
      song &&
      (await this.#cache.get(
        `counts:${musicId}:${viewerId ?? ''}`,
        () => this.#music.liveCounts(musicId, viewerId),
        { tag: musicId },
      ));
    if (!song || !live) return null;
    return {
      music: { ...song.music, likesCount: live.likesCount, viewsCount: live.viewsCount },
      isPublic: song.isPublic,
      liked: live.liked,
    };
  }

  async #current(musicId: string, viewerId: string | null): Promise<ViewedMusic> {
    const current = await this.#findCurrent(musicId, viewerId);
    if (!current) throw notFound(NOT_FOUND);
    return current;
  }

  /** Why a change by someone other than the owner fails: 403 on a song they can see, else the 404 of no song. */
  async #notYours(musicId: string, userId: string): Promise<HttpError> {
    return (await this.#find(musicId, userId))
      ? new HttpError(403, 'Only the person who made this song can change it.')
      : notFound(NOT_FOUND);
  }

  /** The owner renames their song. */
  async rename(ownerId: string, musicId: string, name: string): Promise<MusicItem> {
    if (!(await this.#music.rename(musicId, ownerId, name))) throw await this.#notYours(musicId, ownerId);
    this.#cache.invalidate();
    return this.get(ownerId, musicId);
  }

  /** The owner sets their song's cover picture (any common image, re-encoded; the old one goes). */
  async setCoverPicture(ownerId: string, musicId: string, upload: Buffer): Promise<MusicItem> {
    if (!(await this.#art.setPicture(ownerId, musicId, upload))) throw await this.#notYours(musicId, ownerId);
    this.#cache.invalidate();
    return this.get(ownerId, musicId);
  }

  /** The owner takes their picture away: the song shows its drawn cover again. */
  async clearCoverPicture(ownerId: string, musicId: string): Promise<MusicItem> {
    if (!(await this.#art.clearPicture(ownerId, musicId))) throw await this.#notYours(musicId, ownerId);
    this.#cache.invalidate();
    return this.get(ownerId, musicId);
  }

  /**
   * The owner deletes their song: the row (with its playlist entries, likes and listens), then its files, by a
   * keyed job so a file that cannot go now goes later. Its share link then answers 404.
   */
  async remove(ownerId: string, musicId: string): Promise<DeletedMusic> {
    const prefix = `music/${musicId}/`;
    const keys = await this.#storage.list(prefix);
    const outcome = await this.#music.deleteOwned(musicId, ownerId);
    if (outcome === 'missing') throw await this.#notYours(musicId, ownerId);
    if (outcome === 'rendering') {
      throw conflict('This song is still being made. You can delete it once it is ready.');
    }
    this.#cache.invalidate();
    for (let i = 0; i < keys.length; i += 1000) {
      await this.#queue.send('delete-files', { keys: keys.slice(i, i + 1000) });
    }
    return { musicId, deleted: true };
  }

  /** `GET music/library`'s songs: the caller's own, searched and sorted. */
  async search(ownerId: string, search: LibrarySearch): Promise<{ songs: MusicItem[]; total: number }> {
    const { songs, total } = await this.#music.searchOwned(ownerId, search);
    return { songs: songs.map((song) => presentMusic(song, ownerId)), total };
  }

  /** `GET music/getMusic/{musicId}` for a signed-in person. */
  async get(viewerId: string, musicId: string): Promise<MusicItem> {
    return presentMusic(await this.#current(musicId, viewerId), viewerId);
  }

  /** `GET music/shared/{musicId}`: a public song for anyone with the link (a signed-in visitor sees their like). */
  async shared(musicId: string, viewerId: string | null): Promise<MusicItem> {
    await this.#visible(musicId, null);
    return presentMusic(await this.#current(musicId, viewerId), viewerId);
  }

  /** A public song, or null (link previews must not reveal anything else). */
  async findPublic(musicId: string): Promise<MusicItem | null> {
    const current = await this.#findCurrent(musicId, null);
    return current ? presentMusic(current, null) : null;
  }

  async like(userId: string, musicId: string, count: number): Promise<LikeResult> {
    await this.#visible(musicId, userId);
    const result = await this.#music.setLike(musicId, userId, count > 0);
    return { musicId, ...result };
  }

  /**
   * Counts a listen; visitors count too, on public songs only. A listener's listens to one song count once
   * per `LISTEN_WINDOW_SECONDS`, so replaying, skipping back and forth or posting in a loop adds nothing.
   */
  async view(listener: Listener, musicId: string): Promise<ViewResult> {
    await this.#visible(musicId, listener.userId);
    const { views } = await this.#music.addView(musicId, {
      listener: this.#listenerKey(listener),
      viewerId: listener.userId,
      windowSeconds: LISTEN_WINDOW_SECONDS,
    });
    return { musicId, views };
  }

  /** Which file to send for `GET /api/music/{musicId}/{file}`, after checking who asks. */
  async file(
    viewerId: string | null,
    musicId: string,
    kind: MusicFileKind,
    options: { version?: string } = {},
  ): Promise<MusicFile> {
    const { music } = await this.#visible(musicId, viewerId);
    // Revalidated on every use (a cheap 304 by ETag): a song made private stops playing at once, and
    // no shared cache keeps a copy.
    const cacheControl = 'private, no-cache';
    const stored = (key: string | null, missing: string, downloadName?: string): MusicFile => {
      if (!key) throw notFound(missing);
      return { kind: 'stored', key, cacheControl, ...(downloadName ? { downloadName } : {}) };
    };
    switch (kind) {
      case 'audio':
      case 'download': {
        if (music.status !== 'ready') throw notFound('This song is not ready yet.');
        const name =
          kind === 'download' && music.srcKey
            ? `${safeFileName(music.name)}${path.extname(music.srcKey) || '.mp3'}`
            : undefined;
        return stored(music.srcKey, 'This song has no audio.', name);
      }
      case 'lyrics':
        if (music.lyricsKey) return stored(music.lyricsKey, 'This song has no lyrics.');
        if (music.lyricsText) return { kind: 'text', text: music.lyricsText, cacheControl };
        throw notFound('This song has no lyrics.');
      case 'cover':
      case 'thumbnail': {
        // A versioned URL names one picture for good (a new picture or title gives a new version), so the
        // viewer's browser may keep it; still private, so no shared cache holds a private song's cover.
        const current = options.version === songArtVersion(music);
        return {
          kind: 'stored',
          key: await this.#art.keyOf(music, kind),
          cacheControl: current ? 'private, max-age=31536000, immutable' : cacheControl,
        };
      }
      case 'waveform':
        return stored(music.waveformKey, 'This song has no waveform.');
      case 'vocals':
      case 'accompaniment': {
        // A cover's stems, offered as downloads once it is made.
        if (music.context.creationType !== 'song_cover') throw notFound('This song has no stems.');
        if (music.status !== 'ready') throw notFound('This song is not ready yet.');
        return stored(
          coverStemKey(music.id, kind),
          'This song has no stems.',
          `${safeFileName(music.name)} (${kind}).mp3`,
        );
      }
    }
  }
}

/** A file name a download dialog accepts on every system. */
function safeFileName(name: string): string {
  const cleaned = name
    // Bidi characters would make a saved file's name read backwards (an "exe.3pm" trick); they go first.
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return cleaned || 'bops-song';
}
