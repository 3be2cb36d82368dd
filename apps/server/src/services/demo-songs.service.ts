import { listArtists } from '@bops/engine/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MusicRepository } from '../repositories/music.repository.ts';
import type { Storage } from '../storage/storage.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';
import { DEMO_SONGS } from './demo-songs.ts';
import type { PlaylistService } from './playlist.service.ts';

/** Bump when the demo songs change, so every instance renders the new ones once. */
const DEMO_VERSION = 'v1';

/**
 * The demo songs: rendered by the engine at first start (one job per song, so several workers share
 * the work), public, owned by nobody, and placed in the curated "Demo" playlist as each one finishes.
 */
export class DemoSongsService {
  readonly #music: MusicRepository;
  readonly #playlists: PlaylistService;
  readonly #storage: Storage;
  readonly #queue: JobQueue;
  readonly #cpu: CpuPool;
  readonly #logger: FastifyBaseLogger;

  constructor(deps: {
    music: MusicRepository;
    playlists: PlaylistService;
    storage: Storage;
    queue: JobQueue;
    cpu: CpuPool;
    logger: FastifyBaseLogger;
  }) {
    this.#music = deps.music;
    this.#playlists = deps.playlists;
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#cpu = deps.cpu;
    this.#logger = deps.logger;
  }

  /** Queues a render for every demo song not yet made; a song's job is keyed, so it is queued once. */
  async ensureQueued(): Promise<number> {
    const ready = await this.#music.readyIds(DEMO_SONGS.map((song) => song.id));
    let queued = 0;
    for (const song of DEMO_SONGS) {
      if (ready.has(song.id)) continue;
      const key = `demo-song-${DEMO_VERSION}-${song.id}`;
      if (await this.#queue.send('seed-demo-songs', { demoId: song.id }, { key })) queued++;
    }
    if (queued > 0) this.#logger.info({ queued }, 'rendering the demo songs');
    return queued;
  }

  /**
   * Renders one demo song, stores its files and puts it in the "Demo" playlist at its place. A song
   * already made is left alone (so a retry, or an operator's own choice of top songs, is kept).
   */
  async render(demoId: string, options: { signal: AbortSignal; lastAttempt: boolean }): Promise<void> {
    const index = DEMO_SONGS.findIndex((song) => song.id === demoId);
    const song = DEMO_SONGS[index];
    if (!song) return;
    const existing = await this.#music.findById(song.id);
    if (existing?.status === 'ready') return;
    const artist = listArtists().find((candidate) => candidate.id === song.artistId);
    if (!existing) {
      await this.#music.insert({
        id: song.id,
        ownerId: null,
        name: song.title,
        author: artist?.name ?? 'Bops',
        status: 'rendering',
        isPrivate: false,
        lyricsText: song.lyrics,
        prompt: song.title,
        context: {
          voiceCloneIds: [],
          creationType: 'demo',
          singerId: artist?.kind === 'singer' ? song.artistId : '',
          rapperId: artist?.kind === 'singer' ? '' : song.artistId,
          mixMusicId: song.musicSelectionId,
          prompt: song.title,
          version: '1.0',
        },
      });
    }
    let render;
    try {
      render = await this.#cpu.run(
        'render-rap',
        {
          request: {
            lyrics: song.lyrics,
            artistId: song.artistId,
            musicSelectionId: song.musicSelectionId,
            title: song.title,
            seed: index + 1,
            stems: false,
          },
        },
        { signal: options.signal },
      );
    } catch (error) {
      if (options.lastAttempt) await this.#music.markFailed(song.id);
      throw error;
    }
    const base = `music/${song.id}`;
    const files = {
      srcKey: `${base}/song.mp3`,
      lyricsKey: `${base}/lyrics.lrc`,
      waveformKey: `${base}/waveform.json`,
    };
    await this.#storage.put(files.srcKey, render.mp3, 'audio/mpeg');
    await this.#storage.put(files.lyricsKey, Buffer.from(render.lrc, 'utf8'), 'text/plain; charset=utf-8');
    await this.#storage.put(
      files.waveformKey,
      Buffer.from(JSON.stringify({ peaks: render.waveform, words: render.words, lines: render.lines })),
      'application/json',
    );
    await this.#music.markReady(song.id, files, render.durationSeconds);
    await this.#playlists.placeTopSong(song.id, index);
  }
}
