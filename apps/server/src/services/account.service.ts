import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../http/http-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AccountData, AccountRepository } from '../repositories/account.repository.ts';
import type { Storage } from '../storage/storage.ts';
import type { SongArtService } from './song-art.service.ts';

export const DELETE_CONFIRMATION_MESSAGE =
  'To delete your account, type the e-mail address you sign in with.';

/** A person's own data: all of it in one download, and all of it gone when they close their account. */
export class AccountService {
  readonly #accounts: AccountRepository;
  readonly #storage: Storage;
  readonly #queue: JobQueue;
  readonly #logger: FastifyBaseLogger;
  readonly #art: SongArtService;

  constructor(deps: {
    accounts: AccountRepository;
    storage: Storage;
    queue: JobQueue;
    logger: FastifyBaseLogger;
    art: SongArtService;
  }) {
    this.#accounts = deps.accounts;
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#logger = deps.logger;
    this.#art = deps.art;
  }

  /**
   * The person's data as a zip, written while it is sent (songs are stored, not compressed again): their
   * profile, songs (MP3, lyrics, cover), AI singers' recordings, playlists and likes, with a README.
   */
  async exportZip(userId: string): Promise<Readable> {
    const data = await this.#accounts.read(userId);
    if (!data) throw notFound();
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) return out.destroy(error);
      out.write(chunk);
      if (final) out.end();
    });
    void this.#writeExport(zip, data).catch((error: unknown) => {
      this.#logger.error({ err: error }, 'export failed');
      out.destroy(error as Error);
    });
    return out;
  }

  async #writeExport(zip: Zip, data: AccountData): Promise<void> {
    const text = (name: string, body: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(new TextEncoder().encode(body), true);
    };
    const stored = async (name: string, key: string | null) => {
      if (!key) return;
      const bytes = await this.#storage.readAll(key);
      if (!bytes) return;
      const file = new ZipPassThrough(name);
      zip.add(file);
      file.push(new Uint8Array(bytes), true);
    };
    const { profile } = data;
    text(
      'README.txt',
      `Your Bops data, exported ${new Date().toISOString()}.\n\n` +
        'profile.json     your account and profile\n' +
        'songs.json       your songs; each one also in songs/ (MP3, lyrics with timings, cover)\n' +
        'playlists.json   your playlists and the songs in them, in order (ids as in songs.json)\n' +
        'likes.json       the songs you liked\n' +
        'ai-singers/      the recordings your AI singers were built from\n',
    );
    text(
      'profile.json',
      json({
        id: profile.id,
        name: profile.name,
        email: profile.email,
        displayName: profile.displayName,
        firstName: profile.firstName,
        lastName: profile.lastName,
        bio: profile.bio,
        dateOfBirth: profile.dob,
        createdAt: profile.createdAt,
      }),
    );
    if (profile.customPhotoKey) await stored(`profile-photo.jpg`, profile.customPhotoKey);
    text(
      'songs.json',
      json(
        data.songs.map((song) => ({
          id: song.id,
          title: song.name,
          status: song.status,
          lyrics: song.lyricsText,
          prompt: song.prompt,
          durationSeconds: song.durationSeconds,
          likes: song.likesCount,
          listens: song.viewsCount,
          createdAt: song.createdAt,
          file: song.srcKey ? `songs/${fileBase(song.name, song.id)}.mp3` : null,
        })),
      ),
    );
    for (const song of data.songs) {
      const base = `songs/${fileBase(song.name, song.id)}`;
      await stored(`${base}.mp3`, song.srcKey);
      await stored(`${base}.lrc`, song.lyricsKey);
      // The cover people see: their own picture, or the one drawn from the song (drawn now if never shown).
      const coverKey = await this.#art.keyOf(song, 'cover').catch((error: unknown) => {
        this.#logger.warn({ err: error, musicId: song.id }, 'export: no cover for the song');
        return null;
      });
      await stored(`${base}-cover${extensionOf(coverKey)}`, coverKey);
    }
    text('playlists.json', json(data.playlists));
    text('likes.json', json(data.likedMusicIds));
    text(
      'ai-singers.json',
      json(
        data.voiceClones.map((c) => ({
          id: c.id,
          name: c.nickname,
          status: c.status,
          createdAt: c.createdAt,
        })),
      ),
    );
    for (const clone of data.voiceClones) {
      await stored(
        `ai-singers/${fileBase(clone.nickname, clone.id)}/sample${extensionOf(clone.sampleKey)}`,
        clone.sampleKey,
      );
    }
    zip.end();
  }

  /**
   * Closes the account: the person types their e-mail address to confirm; then their rows go in one
   * transaction and their files after it (a file that cannot be removed now is queued for removal).
   */
  async deleteAccount(userId: string, confirmation: string): Promise<void> {
    const data = await this.#accounts.read(userId);
    if (!data) throw notFound();
    if (confirmation.trim().toLowerCase() !== data.profile.email.trim().toLowerCase()) {
      throw badRequest(DELETE_CONFIRMATION_MESSAGE);
    }
    const prefixes = [
      ...data.songs.map((song) => `music/${song.id}/`),
      `voice-clones/${userId}/`,
      `users/${userId}/`,
    ];
    const keys = new Set<string>();
    for (const prefix of prefixes) for (const key of await this.#storage.list(prefix)) keys.add(key);
    if (data.profile.customPhotoKey) keys.add(data.profile.customPhotoKey);
    await this.#accounts.delete(userId);
    const left: string[] = [];
    for (const key of keys) await this.#storage.delete(key).catch(() => left.push(key));
    for (let i = 0; i < left.length; i += 1000) {
      await this.#queue.send('delete-files', { keys: left.slice(i, i + 1000) });
    }
    this.#logger.info({ files: keys.size }, 'account deleted');
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A file name that is the title (safe characters only) and the id, so two songs of one title stay apart. */
function fileBase(title: string, id: string): string {
  const safe = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${safe || 'untitled'}-${id.slice(0, 8)}`;
}

const extensionOf = (key: string | null) => /\.[a-z0-9]{2,5}$/i.exec(key ?? '')?.[0] ?? '';
