import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { MessageChannel } from 'node:worker_threads';
import {
  COVER_PROGRESS_PHASES,
  SONG_COVER_LIMITS,
  SONG_REMIX_MESSAGES,
  type CoverPhaseId,
  type CreateSongCoverBody,
  type CreateSongCoverResult,
  type SongCoverOptions,
} from '@bops/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { CoverSource } from '../db/schema.ts';
import { HttpError, badRequest } from '../http/http-error.ts';
import type { JobQueue, JobRun } from '../jobs/job-queue.ts';
import { sweepAction, type SweepResult } from '../jobs/job-sweeper.ts';
import { ALLOWED_SITES, LinkImportError, type LinkImportErrorCode } from '../link-import/index.ts';
import type { CreationRepository } from '../repositories/creation.repository.ts';
import { DailyLimitReachedError } from '../repositories/creation.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { CpuTaskTimeoutError, type CpuPool } from '../workers/cpu-pool.ts';
import type { ProgressMessage } from '../workers/cpu-tasks.worker.ts';
import { DAILY_LIMIT_MESSAGE, SONG_FAILED_REASON } from '@bops/shared/api/creation';
import type { DefaultPlaylistAdder } from './creation.service.ts';
import { coverSourceKey, coverStemKey } from './cover-files.ts';

/** The song link importer as the cover needs it (`link-import/`'s `SongLinkImporter`). */
export interface SongLinks {
  readonly available: boolean;
  /** Why links cannot be imported here (a sentence), when they cannot. */
  readonly reason: string | null;
  checkSongLink(url: string): { ok: true; url: URL; site: string } | { ok: false; message: string };
  importSongFromLink(
    url: string,
    options: { signal?: AbortSignal; maxBytes?: number; timeoutMs?: number },
  ): Promise<{ path: string; bytes: number; cleanup(): Promise<void> }>;
  close(): Promise<void>;
}

/** The AI singers a cover may use: the owner's own, ready ones. */
export interface CoverSingers {
  requireReadyOwned(userId: string, id: string): Promise<{ id: string; nickname: string }>;
  readyModel(userId: string, id: string): Promise<{ clone: { nickname: string }; model: Uint8Array }>;
}

/** Link failures worth another attempt: the site may answer later. */
const TRANSIENT_LINK_ERRORS = new Set<LinkImportErrorCode>(['unreachable', 'timeout', 'failed']);

/** Seconds a cover is expected to take: separation and conversion run faster than the song plays. */
export function estimateCoverSeconds(songSeconds: number | null): number {
  // A link's length is known only once it is downloaded: a typical song, plus the download.
  const seconds = songSeconds ?? 240;
  return Math.max(15, Math.round(12 + seconds * 0.35 + (songSeconds === null ? 20 : 0)));
}

const PHASE_TOTAL_MS = COVER_PROGRESS_PHASES.reduce((sum, phase) => sum + phase.durationMs, 0);

/** One bar across the whole cover: each phase takes its share of the remix track's durations. */
export function overallCoverProgress(phase: string, fraction: number): number {
  let done = 0;
  for (const { id, durationMs } of COVER_PROGRESS_PHASES) {
    const share = durationMs / PHASE_TOTAL_MS;
    if (id === phase) return Math.min(1, done + share * Math.max(0, Math.min(1, fraction)));
    done += share;
  }
  return Math.min(1, done);
}

/** Said when links cannot be fetched here: the importer's reason, and the way that always works. */
const linkUnavailableMessage = (reason: string | null) =>
  `${reason ?? "Song links can't be imported on this server."} Please upload the song file instead.`;

/**
 * Song covers: a song (uploaded, or fetched from a share link inside the job) re-sung by the person's AI
 * singer. Accepting one mirrors a rap creation: the daily limit, a song row rendering in "My Bops", a creation
 * task with phases, a keyed job, the sweeper for jobs lost or failed for good.
 */
export class SongCoverService {
  readonly #config: Config;
  readonly #creations: CreationRepository;
  readonly #queue: JobQueue;
  readonly #cpu: CpuPool;
  readonly #storage: Storage;
  readonly #playlists: DefaultPlaylistAdder;
  readonly #singers: CoverSingers;
  readonly #links: SongLinks;
  readonly #logger: FastifyBaseLogger;

  constructor(deps: {
    config: Config;
    creations: CreationRepository;
    queue: JobQueue;
    cpu: CpuPool;
    storage: Storage;
    playlists: DefaultPlaylistAdder;
    singers: CoverSingers;
    links: SongLinks;
    logger: FastifyBaseLogger;
  }) {
    this.#config = deps.config;
    this.#creations = deps.creations;
    this.#queue = deps.queue;
    this.#cpu = deps.cpu;
    this.#storage = deps.storage;
    this.#playlists = deps.playlists;
    this.#singers = deps.singers;
    this.#links = deps.links;
    this.#logger = deps.logger;
  }

  /** Stops the link importer's egress proxy. */
  close(): Promise<void> {
    return this.#links.close();
  }

  options(): SongCoverOptions {
    return {
      linkImport: {
        available: this.#links.available,
        reason: this.#links.available ? '' : linkUnavailableMessage(this.#links.reason),
        sites: ALLOWED_SITES.map((site) => site.name),
      },
    };
  }

  /**
   * Accepts a cover: the AI singer must be the person's and ready; a link must pass the link guard (it is
   * downloaded by the job), a file must pass the content check. Nothing is stored for a refused request.
   */
  async create(
    userId: string,
    body: CreateSongCoverBody,
    file: Uint8Array | null,
  ): Promise<CreateSongCoverResult> {
    const songUrl = body.song_url;
    if (songUrl && file) throw badRequest(SONG_REMIX_MESSAGES.linkAndFile);
    if (!songUrl && !file) throw badRequest(SONG_REMIX_MESSAGES.songRequired);
    const singer = await this.#singers.requireReadyOwned(userId, body.voice_clone_id);

    let source: CoverSource;
    let songSeconds: number | null = null;
    let upload: { key: string; type: string } | null = null;
    const musicId = randomUUID();
    if (songUrl) {
      if (!this.#links.available) throw badRequest(linkUnavailableMessage(this.#links.reason));
      const checked = this.#links.checkSongLink(songUrl);
      if (!checked.ok) throw badRequest(`song_url: ${checked.message}`);
      source = { songUrl: checked.url.href, site: checked.site };
    } else {
      const report = await this.#cpu.run('check-song-file', { bytes: file! }).catch((error: unknown) => {
        // A file whose check runs past its limit is refused like any file we cannot use.
        if (error instanceof CpuTaskTimeoutError) throw badRequest(error.message);
        throw error;
      });
      if (!report.ok) throw new HttpError(report.status, report.message);
      songSeconds = report.durationSeconds;
      upload = { key: coverSourceKey(musicId, report.type), type: report.type };
      source = { sourceKey: upload.key };
    }

    const taskId = randomUUID();
    const estimation = estimateCoverSeconds(songSeconds);
    if (upload) await this.#storage.put(upload.key, file!, 'application/octet-stream');
    try {
      await this.#creations.createWithinDailyLimit(
        {
          taskId,
          musicId,
          userId,
          kind: 'song_cover',
          estimationSeconds: estimation,
          music: {
            name: body.song_title,
            author: singer.nickname,
            contactEmail: '',
            lyricsText: body.lyrics,
            prompt: '',
            context: {
              voiceCloneIds: [singer.id],
              creationType: 'song_cover',
              singerId: '',
              rapperId: '',
              mixMusicId: '',
              prompt: '',
              version: '1.0',
              cover: { ...source, shift: body.shift, vocalLevel: body.vocal_level },
            },
          },
        },
        this.#config.dailyCreationLimit,
      );
    } catch (error) {
      if (upload) await this.#storage.delete(upload.key).catch(() => {});
      if (error instanceof DailyLimitReachedError) throw new HttpError(429, DAILY_LIMIT_MESSAGE);
      throw error;
    }
    // In "My Bops" at once, shown as still being made; the job files it again should this fail.
    await this.#playlists
      .addToDefaultPlaylist(userId, musicId)
      .catch((error: unknown) => this.#logger.warn({ err: error, musicId }, 'could not file the cover yet'));
    // Sent after the commit; a send lost to a crash is made good by the sweeper under the same key.
    await this.#queue
      .send('render-cover', { taskId }, { key: taskId })
      .catch((error: unknown) => this.#logger.error({ err: error, taskId }, 'could not queue the cover yet'));
    return {
      submitted: true,
      tasks: [taskId],
      task_id: taskId,
      estimation,
      musicId,
      creatorNickname: singer.nickname,
    };
  }

  /**
   * The cover job. When its last attempt fails, whatever threw, the task fails with a reason and gives its
   * daily slot back before the error goes on to pg-boss.
   */
  async render(taskId: string, run: JobRun): Promise<void> {
    try {
      await this.#render(taskId, run);
    } catch (error) {
      if (run.lastAttempt) {
        await this.#fail(taskId, SONG_FAILED_REASON).catch((failError: unknown) =>
          this.#logger.error({ err: failError, taskId }, 'could not mark the cover failed'),
        );
      }
      throw error;
    }
  }

  /** The sweeper's part for covers, as for raps: a missing job is sent (keyed), one failed for good fails. */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { sent: 0, failed: 0 };
    for (const task of await this.#creations.listUnfinished('song_cover')) {
      const action = sweepAction(await this.#queue.jobState('render-cover', task.id));
      if (
        action === 'send' &&
        (await this.#queue.send('render-cover', { taskId: task.id }, { key: task.id }))
      )
        result.sent++;
      if (action === 'fail' && (await this.#fail(task.id, SONG_FAILED_REASON))) result.failed++;
    }
    return result;
  }

  /** Fails the task (its slot comes back) and removes an uploaded song that will never be covered. */
  async #fail(taskId: string, reason: string): Promise<boolean> {
    const failed = await this.#creations.fail(taskId, reason);
    if (failed) await this.#removeSource(taskId);
    return failed;
  }

  async #removeSource(taskId: string): Promise<void> {
    const task = await this.#creations.findTask(taskId);
    const music = task?.musicId ? await this.#creations.findMusic(task.musicId) : null;
    const key = music?.context.cover?.sourceKey;
    if (key) await this.#storage.delete(key).catch(() => {});
  }

  async #render(taskId: string, run: JobRun): Promise<void> {
    const task = await this.#creations.findTask(taskId);
    if (!task || task.status === 'completed' || task.status === 'failed' || !task.musicId) return;
    const music = await this.#creations.findMusic(task.musicId);
    const cover = music?.context.cover;
    if (!music || !cover) {
      await this.#fail(taskId, 'The song was deleted before it was made.');
      return;
    }
    await this.#creations.markRunning(taskId);
    const report = (phase: CoverPhaseId, fraction: number) =>
      this.#creations.reportProgress(taskId, phase, overallCoverProgress(phase, fraction)).catch(() => {});
    await report('fetching-song', 0);

    const song = await this.#song(taskId, cover, run);
    if (!song) return;
    const singerId = music.context.voiceCloneIds[0] ?? '';
    let singer: { clone: { nickname: string }; model: Uint8Array };
    try {
      singer = await this.#singers.readyModel(task.userId, singerId);
    } catch {
      await this.#fail(taskId, 'The AI singer of this song was deleted before the song was made.');
      return;
    }
    await report('fetching-song', 1);

    const channel = new MessageChannel();
    let lastWrite = 0;
    channel.port1.on('message', (message: ProgressMessage<CoverPhaseId>) => {
      const now = Date.now();
      if (now - lastWrite < 250 && message.fraction < 1) return;
      lastWrite = now;
      void report(message.phase, message.fraction);
    });
    let render;
    try {
      render = await this.#cpu.run(
        'render-cover',
        {
          request: {
            song,
            voiceModel: singer.model,
            title: music.name,
            singerName: singer.clone.nickname,
            shift: cover.shift ?? 'auto',
            vocalLevel: cover.vocalLevel ?? 0,
            ...(music.lyricsText ? { lyrics: music.lyricsText } : {}),
          },
          progress: channel.port2,
        },
        { signal: run.signal, transferList: [channel.port2] },
      );
    } catch (error) {
      // A song the engine refuses, or a cover stopped at its time limit, fails at once with its reason: a
      // retry would be refused, or would hang, the same way.
      const name = (error as Error).name;
      if (
        !(error instanceof CpuTaskTimeoutError) &&
        name !== 'AudioInputError' &&
        name !== 'RenderInputError'
      )
        throw error;
      await this.#fail(taskId, (error as Error).message);
      return;
    } finally {
      channel.port1.close();
    }

    const base = `music/${music.id}`;
    await this.#storage.put(`${base}/song.mp3`, render.mp3, 'audio/mpeg');
    await this.#storage.put(coverStemKey(music.id, 'vocals'), render.vocalStem, 'audio/mpeg');
    await this.#storage.put(coverStemKey(music.id, 'accompaniment'), render.accompanimentStem, 'audio/mpeg');
    await this.#storage.put(
      `${base}/waveform.json`,
      Buffer.from(JSON.stringify({ peaks: render.waveform })),
      'application/json',
    );
    // Filed before the task completes, so a retry after a crash here still files it (duplicates are skipped).
    await this.#playlists.addToDefaultPlaylist(task.userId, music.id);
    await this.#creations.completeRender(taskId, music.id, {
      srcKey: `${base}/song.mp3`,
      lyricsKey: null,
      waveformKey: `${base}/waveform.json`,
      durationSeconds: render.duration,
    });
    if (cover.sourceKey) await this.#storage.delete(cover.sourceKey).catch(() => {});
  }

  /** The song's bytes: the stored upload, or the link downloaded now and checked like an upload. */
  async #song(taskId: string, cover: CoverSource, run: JobRun): Promise<Uint8Array | null> {
    if (cover.sourceKey) {
      const stored = await this.#storage.readAll(cover.sourceKey);
      if (!stored) {
        await this.#fail(taskId, 'The song file is missing. Please upload it again.');
        return null;
      }
      return new Uint8Array(stored);
    }
    if (!this.#links.available) {
      await this.#fail(taskId, linkUnavailableMessage(this.#links.reason));
      return null;
    }
    let download;
    try {
      download = await this.#links.importSongFromLink(cover.songUrl!, {
        signal: run.signal,
        // The operator's cap, never above what a song file may be; the operator's timeout.
        maxBytes: Math.min(this.#config.linkImport.maxBytes, SONG_COVER_LIMITS.maxSongBytes),
      });
    } catch (error) {
      // The importer's errors are readable and end by suggesting the upload (the site could not be reached,
      // the video is private, the song is too long…); a site that is down now may answer a retry.
      if (!(error instanceof LinkImportError)) throw error;
      if (TRANSIENT_LINK_ERRORS.has(error.code) && !run.lastAttempt) throw error;
      await this.#fail(taskId, error.message);
      return null;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await fs.readFile(download.path));
    } finally {
      await download.cleanup();
    }
    let report;
    try {
      report = await this.#cpu.run('check-song-file', { bytes, fromLink: true }, { signal: run.signal });
    } catch (error) {
      if (!(error instanceof CpuTaskTimeoutError)) throw error;
      await this.#fail(taskId, error.message);
      return null;
    }
    if (!report.ok) {
      await this.#fail(taskId, report.message);
      return null;
    }
    return bytes;
  }
}
