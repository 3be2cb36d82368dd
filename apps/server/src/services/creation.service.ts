import { createHash, randomUUID } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import {
  listArtists,
  listMoods,
  listMusicSelections,
  RAP_PHASES,
  unsayableInLyrics,
  type Artist,
  type RapPhase,
  type FlowStyle,
} from '@bops/engine/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import { HttpError, badRequest, conflict, notFound } from '../http/http-error.ts';
import type { JobQueue, JobRun } from '../jobs/job-queue.ts';
import { sweepAction, type SweepResult } from '../jobs/job-sweeper.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CreationRepository } from '../repositories/creation.repository.ts';
import { DailyLimitReachedError } from '../repositories/creation.repository.ts';
import { FLOW_STYLE_IDS, isFlowStyleId, type FlowStyleId } from '@bops/shared';
import {
  CREATE_MUSIC_LIMITS,
  DAILY_LIMIT_MESSAGE,
  SONG_FAILED_REASON,
  type CreateMusicBody,
  type CreateMusicResult,
  type CreationProgress,
  type DailyAllowance,
  type MusicSelections,
  type RapArtists,
  type ServerArtist,
} from '@bops/shared/api/creation';
import type { Storage } from '../storage/storage.ts';
import { CpuTaskTimeoutError, type CpuPool } from '../workers/cpu-pool.ts';
import type { ProgressMessage } from '../workers/cpu-tasks.worker.ts';

/** "Night Drive" → "Night Drive (take 2)" → "Night Drive (take 3)", within the title limit. */
export function nextTakeName(name: string): string {
  const match = /^(.*) \(take (\d+)\)$/.exec(name);
  const base = match ? match[1]! : name;
  const suffix = ` (take ${match ? Number(match[2]) + 1 : 2})`;
  return `${base.slice(0, CREATE_MUSIC_LIMITS.musicName - suffix.length).trimEnd()}${suffix}`;
}

/** docs/PRODUCT.md#entities: "na" (and empty) ids mean none. */
const idOrNull = (value: string | undefined): string | null => (value && value !== 'na' ? value : null);

/** The share of the whole render each engine phase takes (measured on 2 cores), for one progress bar. */
const PHASE_WEIGHTS: Record<RapPhase, number> = {
  'preparing-lyrics': 0.05,
  'synthesizing-voice': 0.25,
  'placing-on-beat': 0.2,
  'rendering-beat': 0.15,
  mixing: 0.1,
  mastering: 0.1,
  encoding: 0.15,
};

export function overallProgress(phase: RapPhase, fraction: number): number {
  let done = 0;
  for (const name of RAP_PHASES) {
    if (name === phase) return Math.min(1, done + PHASE_WEIGHTS[name] * Math.max(0, Math.min(1, fraction)));
    done += PHASE_WEIGHTS[name];
  }
  return done;
}

/** Seconds a render is expected to take: a fixed start plus time per word (measured with the engine). */
export function estimateRenderSeconds(lyrics: string): number {
  const words = lyrics.split(/\s+/).filter(Boolean).length;
  return Math.max(10, Math.min(180, Math.round(8 + words * 0.12)));
}

export interface ReadyVoiceClones {
  requireReady(userId: string, id: string): Promise<unknown>;
  readyModel(userId: string, id: string): Promise<{ clone: { nickname: string }; model: Uint8Array }>;
}

export interface DefaultPlaylistAdder {
  addToDefaultPlaylist(userId: string, musicId: string): Promise<unknown>;
}

export class CreationService {
  readonly #config: Config;
  readonly #creations: CreationRepository;
  readonly #queue: JobQueue;
  readonly #cpu: CpuPool;
  readonly #storage: Storage;
  readonly #mailer: Mailer;
  readonly #playlists: DefaultPlaylistAdder;
  readonly #voiceClones: ReadyVoiceClones;
  readonly #logger: FastifyBaseLogger;
  readonly #artists: Artist[] = listArtists();

  constructor(deps: {
    config: Config;
    creations: CreationRepository;
    queue: JobQueue;
    cpu: CpuPool;
    storage: Storage;
    mailer: Mailer;
    playlists: DefaultPlaylistAdder;
    voiceClones: ReadyVoiceClones;
    logger: FastifyBaseLogger;
  }) {
    this.#config = deps.config;
    this.#creations = deps.creations;
    this.#queue = deps.queue;
    this.#cpu = deps.cpu;
    this.#storage = deps.storage;
    this.#mailer = deps.mailer;
    this.#playlists = deps.playlists;
    this.#voiceClones = deps.voiceClones;
    this.#logger = deps.logger;
  }

  /** Secure cookies need https; browsers also accept them from localhost over http. */
  get cookiesSecure(): boolean {
    const url = new URL(this.#config.publicUrl);
    return url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  }

  hasArtist(id: string): boolean {
    return this.#artists.some((artist) => artist.id === id);
  }

  hasMusicSelection(id: string): boolean {
    return listMusicSelections().some((m) => m.id === id);
  }

  /** docs/PRODUCT.md#entities Artist: rap_artists and singer_artists. */
  artists(): RapArtists {
    const present = (artist: Artist): ServerArtist => ({
      artist_id: artist.id,
      name: artist.name,
      description: artist.description,
      artist_voice: artist.voice,
      gender: artist.gender,
      style: artist.style,
      preview: `/audio/artists/${artist.id}.mp3`,
    });
    return {
      rap_artists: this.#artists.filter((a) => a.kind === 'rapper').map(present),
      singer_artists: this.#artists.filter((a) => a.kind === 'singer').map(present),
    };
  }

  /** docs/PRODUCT.md#entities Music selection: a map keyed by file name, plus the moods. */
  musicSelections(): MusicSelections {
    const musics = Object.fromEntries(
      listMusicSelections().map((m) => [
        m.id,
        {
          id: m.id,
          name: m.title,
          artist: m.artist,
          image_src: `/audio/musics/${m.id}.svg`,
          mood: m.mood,
          mood_id: m.moodId,
          bpm: m.bpm,
          playLength: m.lengthSeconds,
          key: m.key,
          src: `/audio/musics/${m.id}.mp3`,
        },
      ]),
    );
    return { musics, moods: listMoods() };
  }

  /** How many creations the person may still start today; failed ones gave their slot back. */
  async dailyAllowance(userId: string, now = new Date()): Promise<DailyAllowance> {
    const limit = this.#config.dailyCreationLimit;
    const used = await this.#creations.usedToday(userId, now);
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    return { limit, used, left: Math.max(0, limit - used), resetsAt: tomorrow.toISOString() };
  }

  /** Accepts a rap creation: checks it, records the song and task within the daily limit, queues the render. */
  /**
   * Another take of one of the person's finished raps: the same words, artist, AI singer and beat, the next flow
   * style after the one it used (and a new render). It is a new song named "… (take N)" and counts toward the
   * daily limit like any creation.
   */
  async anotherTake(user: { id: string; email: string }, musicId: string): Promise<CreateMusicResult> {
    const song = await this.#creations.findMusic(musicId);
    if (!song || song.ownerId !== user.id || song.context.creationType !== 'rap') {
      throw notFound('This song does not exist.');
    }
    if (song.status !== 'ready') throw conflict('Another take can be made once this song is ready.');
    const artistId = song.context.rapperId || song.context.singerId;
    const artist = this.#artists.find((a) => a.id === artistId);
    const previous = isFlowStyleId(song.context.style ?? '')
      ? song.context.style!
      : (artist?.style ?? 'straight');
    const style =
      FLOW_STYLE_IDS[(FLOW_STYLE_IDS.indexOf(previous as FlowStyleId) + 1) % FLOW_STYLE_IDS.length]!;
    return this.createRap(user, {
      musicName: nextTakeName(song.name),
      musicContext: song.lyricsText,
      creatorNickname: song.author,
      prompt: song.context.prompt,
      style,
      contactEmail: '',
      // With an AI singer, the artist is the one whose flow it borrowed.
      artist_id: artistId,
      voice_clone_id: song.context.voiceCloneIds[0] ?? '',
      vocal_artist_id: '',
      mixmusic_id: song.context.mixMusicId || 'na',
      version: song.context.version || '1.0',
    });
  }

  async createRap(user: { id: string; email: string }, body: CreateMusicBody): Promise<CreateMusicResult> {
    const userId = user.id;
    // The "your song is ready" note goes to the person's own address only: the form cannot make Bops
    // mail anyone else.
    if (body.contactEmail && body.contactEmail.toLowerCase() !== user.email.trim().toLowerCase()) {
      throw badRequest(
        `contactEmail: The note can only go to your account's address, ${user.email}. Type that address or leave the field empty.`,
      );
    }
    // Refused here, not after the render is queued: an emoji or another script cannot be sung.
    const unsayable = unsayableInLyrics(body.musicContext);
    if (unsayable) throw badRequest(`musicContext: ${unsayable}`);
    const artistId = idOrNull(body.artist_id);
    const voiceCloneId = idOrNull(body.voice_clone_id);
    const mixMusicId = idOrNull(body.mixmusic_id);
    const artist = artistId ? this.#artists.find((a) => a.id === artistId) : undefined;
    if (artistId && !artist) throw badRequest(`artist_id: There is no artist "${artistId.slice(0, 40)}".`);
    if (!artist && !voiceCloneId) throw badRequest('artist_id: Please choose an artist.');
    if (voiceCloneId) await this.#voiceClones.requireReady(userId, voiceCloneId);
    // An AI singer performs with a built-in rapper's flow (the chosen one, else the first).
    const flowArtist = artist ?? this.#artists.find((a) => a.kind === 'rapper')!;
    if (mixMusicId && !listMusicSelections().some((m) => m.id === mixMusicId)) {
      throw badRequest(`mixmusic_id: There is no music "${mixMusicId.slice(0, 40)}".`);
    }
    const estimation = estimateRenderSeconds(body.musicContext);
    const taskId = randomUUID();
    const musicId = randomUUID();
    try {
      await this.#creations.createWithinDailyLimit(
        {
          taskId,
          musicId,
          userId,
          kind: 'rap',
          estimationSeconds: estimation,
          music: {
            name: body.musicName,
            author: body.creatorNickname,
            contactEmail: body.contactEmail,
            lyricsText: body.musicContext,
            prompt: body.prompt,
            context: {
              voiceCloneIds: voiceCloneId ? [voiceCloneId] : [],
              creationType: 'rap',
              singerId: flowArtist.kind === 'singer' ? flowArtist.id : '',
              rapperId: flowArtist.kind === 'rapper' ? flowArtist.id : '',
              mixMusicId: mixMusicId ?? '',
              prompt: body.prompt,
              version: body.version,
              style: body.style === 'na' ? '' : body.style,
            },
          },
        },
        this.#config.dailyCreationLimit,
      );
    } catch (error) {
      if (error instanceof DailyLimitReachedError) throw new HttpError(429, DAILY_LIMIT_MESSAGE);
      throw error;
    }
    // The job is sent after the commit. Should the process die in between or the send fail, the sweeper
    // finds the queued task without a job and sends it under the same key (see `sweep`).
    await this.#queue
      .send('render-rap', { taskId }, { key: taskId })
      .catch((error: unknown) =>
        this.#logger.error({ err: error, taskId }, 'could not queue the render yet'),
      );
    return {
      submitted: true,
      tasks: [taskId],
      task_id: taskId,
      estimation,
      musicId,
      creatorNickname: body.creatorNickname,
    };
  }

  async progress(userId: string, taskId: string): Promise<CreationProgress> {
    const task = await this.#creations.findTask(taskId);
    if (!task || task.userId !== userId) throw notFound('This creation does not exist.');
    return {
      taskId: task.id,
      musicId: task.musicId,
      status: task.status,
      phase: task.phase,
      progress: task.progress,
      estimation: task.estimationSeconds,
      error: task.error,
    };
  }

  /**
   * The render job. When its last attempt fails, whatever threw (the engine, storage, the database), the
   * task fails with a reason and gives its daily slot back before the error goes on to pg-boss.
   */
  async renderRap(taskId: string, run: JobRun): Promise<void> {
    try {
      await this.#renderRap(taskId, run);
    } catch (error) {
      if (run.lastAttempt) {
        await this.#creations
          .fail(taskId, SONG_FAILED_REASON)
          .catch((failError: unknown) =>
            this.#logger.error({ err: failError, taskId }, 'could not mark the creation failed'),
          );
      }
      throw error;
    }
  }

  /**
   * The sweeper's part for creations: a queued task whose job was never sent gets it, keyed by the task;
   * a task whose job failed for good (retries used up, the last attempt killed or expired) fails.
   */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { sent: 0, failed: 0 };
    for (const task of await this.#creations.listUnfinished('rap')) {
      const action = sweepAction(await this.#queue.jobState('render-rap', task.id));
      if (action === 'send' && (await this.#queue.send('render-rap', { taskId: task.id }, { key: task.id })))
        result.sent++;
      if (action === 'fail' && (await this.#creations.fail(task.id, SONG_FAILED_REASON))) result.failed++;
    }
    return result;
  }

  /** Runs the engine on a worker thread, stores the song, files it in "My Bops", mails. */
  async #renderRap(taskId: string, run: JobRun): Promise<void> {
    const task = await this.#creations.findTask(taskId);
    if (!task || task.status === 'completed' || task.status === 'failed' || !task.musicId) return;
    const music = await this.#creations.findMusic(task.musicId);
    if (!music) {
      await this.#creations.fail(taskId, 'The song was deleted before it was made.');
      return;
    }
    await this.#creations.markRunning(taskId);

    const channel = new MessageChannel();
    let lastWrite = 0;
    channel.port1.on('message', (message: ProgressMessage) => {
      const now = Date.now();
      if (now - lastWrite < 250 && message.fraction < 1) return;
      lastWrite = now;
      void this.#creations
        .reportProgress(taskId, message.phase, overallProgress(message.phase, message.fraction))
        .catch(() => {});
    });
    const context = music.context;
    const voiceCloneId = context.voiceCloneIds[0];
    let voiceModel: Uint8Array | undefined;
    let singerName: string | undefined;
    if (voiceCloneId) {
      try {
        const ready = await this.#voiceClones.readyModel(task.userId, voiceCloneId);
        voiceModel = ready.model;
        singerName = ready.clone.nickname;
      } catch {
        await this.#creations.fail(
          taskId,
          'The AI singer of this song was deleted before the song was made.',
        );
        return;
      }
    }
    let render;
    try {
      render = await this.#cpu.run(
        'render-rap',
        {
          request: {
            lyrics: music.lyricsText,
            artistId: context.rapperId || context.singerId,
            musicSelectionId: context.mixMusicId || null,
            // "No music" (docs/PRODUCT.md#entities: an empty or "na" mix-music id) is the voice alone, on the artist's usual tempo.
            accompaniment: context.mixMusicId ? 'beat' : 'none',
            title: music.name,
            seed: createHash('sha256').update(taskId).digest().readUInt32LE(0),
            stems: false,
            ...(context.style ? { flowStyle: context.style as FlowStyle['id'] } : {}),
          },
          // The AI singer sings as itself and is credited by its name; only the flow is the artist's.
          ...(voiceModel ? { voiceModel, singerName } : {}),
          progress: channel.port2,
        },
        { signal: run.signal, transferList: [channel.port2] },
      );
    } catch (error) {
      // Input the engine refuses, or a render stopped at its time limit, fails at once: a retry would
      // be refused, or would hang, the same way.
      if (!(error instanceof CpuTaskTimeoutError) && (error as Error).name !== 'RenderInputError')
        throw error;
      await this.#creations.fail(taskId, (error as Error).message);
      return;
    } finally {
      channel.port1.close();
    }

    const base = `music/${music.id}`;
    await this.#storage.put(`${base}/song.mp3`, render.mp3, 'audio/mpeg');
    await this.#storage.put(
      `${base}/lyrics.lrc`,
      Buffer.from(render.lrc, 'utf8'),
      'text/plain; charset=utf-8',
    );
    await this.#storage.put(
      `${base}/waveform.json`,
      Buffer.from(JSON.stringify({ peaks: render.waveform, words: render.words, lines: render.lines })),
      'application/json',
    );
    // Filed in "My Bops" before the task completes: a retry after a crash here files it again (duplicates are
    // skipped), whereas a completed task is never looked at again.
    await this.#playlists.addToDefaultPlaylist(task.userId, music.id);
    await this.#creations.completeRender(taskId, music.id, {
      srcKey: `${base}/song.mp3`,
      lyricsKey: `${base}/lyrics.lrc`,
      waveformKey: `${base}/waveform.json`,
      durationSeconds: render.durationSeconds,
    });
    if (music.contactEmail) {
      await this.#mailer
        .send({
          to: music.contactEmail,
          subject: `Your song "${music.name}" is ready`,
          text: `Hi ${music.author || 'there'},\n\nYour song "${music.name}" is ready. Listen to it in My Bops:\n${this.#config.publicUrl}/listen/${music.id}\n\nBops`,
        })
        .catch((error: unknown) => this.#logger.warn({ err: error }, 'could not send the song-ready e-mail'));
    }
  }
}
