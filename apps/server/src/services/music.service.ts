import path from 'node:path';
import { notFound } from '../http/http-error.ts';
import type { MusicRepository, ViewedMusic } from '../repositories/music.repository.ts';
import type { LikeResponse, MusicFileKind, MusicItemResponse, ViewResponse } from '../routes/music.schema.ts';
import { presentMusic } from './music-presenter.ts';

/** What a song file route sends: a stored object (ranged), or the song's lyrics text. */
export type MusicFile =
  | { kind: 'stored'; key: string; downloadName?: string; cacheControl: string }
  | { kind: 'text'; text: string; cacheControl: string };

const NOT_FOUND = 'This song does not exist.';

/**
 * Songs: reading them, their files, likes and listens. Every path goes through `#visible`, so a private
 * song answers 404 to anyone but its owner, the same as a song that does not exist.
 */
export class MusicService {
  readonly #music: MusicRepository;

  constructor(deps: { music: MusicRepository }) {
    this.#music = deps.music;
  }

  async #visible(musicId: string, viewerId: string | null): Promise<ViewedMusic> {
    const viewed = await this.#music.findVisible(musicId, viewerId);
    if (!viewed) throw notFound(NOT_FOUND);
    return viewed;
  }

  /** `GET music/getMusic/{musicId}` for a signed-in person. */
  async get(viewerId: string, musicId: string): Promise<MusicItemResponse> {
    return presentMusic(await this.#visible(musicId, viewerId), viewerId);
  }

  /** `GET music/shared/{musicId}`: a public song for anyone with the link. */
  async shared(musicId: string, viewerId: string | null): Promise<MusicItemResponse> {
    const viewed = await this.#visible(musicId, null);
    // A signed-in visitor still sees their own like.
    const personal = viewerId ? await this.#music.findVisible(musicId, viewerId) : null;
    return presentMusic(personal ?? viewed, viewerId);
  }

  /** A public song, or null (link previews must not reveal anything else). */
  async findPublic(musicId: string): Promise<MusicItemResponse | null> {
    const viewed = await this.#music.findVisible(musicId, null);
    return viewed ? presentMusic(viewed, null) : null;
  }

  async like(userId: string, musicId: string, count: number): Promise<LikeResponse> {
    await this.#visible(musicId, userId);
    const result = await this.#music.setLike(musicId, userId, count > 0);
    return { musicId, ...result };
  }

  /** Counts a listen; visitors count too, on public songs only. */
  async view(viewerId: string | null, musicId: string): Promise<ViewResponse> {
    await this.#visible(musicId, viewerId);
    return { musicId, views: await this.#music.addView(musicId, viewerId) };
  }

  /** Which file to send for `GET /api/music/{musicId}/{file}`, after checking who asks. */
  async file(viewerId: string | null, musicId: string, kind: MusicFileKind): Promise<MusicFile> {
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
        return stored(music.coverKey, 'This song has no cover.');
      case 'thumbnail':
        return stored(music.thumbnailKey ?? music.coverKey, 'This song has no thumbnail.');
      case 'waveform':
        return stored(music.waveformKey, 'This song has no waveform.');
    }
  }
}

/** A file name a download dialog accepts on every system. */
function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return cleaned || 'bops-song';
}
