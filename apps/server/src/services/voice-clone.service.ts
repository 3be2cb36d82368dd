import { randomUUID } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import { reencodePhoto } from '../images/reencode-photo.ts';
import type { JobQueue, JobRun } from '../jobs/job-queue.ts';
import { sweepAction, type SweepResult } from '../jobs/job-sweeper.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import {
  voiceReadyNoticeId,
  type VoiceCloneRepository,
  type VoiceCloneRow,
} from '../repositories/voice-clone.repository.ts';
import {
  AI_SINGER_BUILD_PHASES,
  AI_SINGER_FAILED_REASON,
  type AiSingerBuildPhase,
  type VoiceCloneCreated,
  type VoiceCloneDeleted,
  type VoiceCloneItem,
} from '@bops/shared/api/voice-clone';
import type { Storage } from '../storage/storage.ts';
import { CpuTaskTimeoutError, type CpuPool } from '../workers/cpu-pool.ts';
import type { ProgressMessage } from '../workers/cpu-tasks.worker.ts';

const SAMPLE_TYPES: Record<string, { extension: string; contentType: string }> = {
  wav: { extension: 'wav', contentType: 'audio/wav' },
  mp3: { extension: 'mp3', contentType: 'audio/mpeg' },
  m4a: { extension: 'm4a', contentType: 'audio/mp4' },
  aac: { extension: 'aac', contentType: 'audio/aac' },
  oga: { extension: 'ogg', contentType: 'audio/ogg' },
  opus: { extension: 'opus', contentType: 'audio/ogg' },
  webm: { extension: 'webm', contentType: 'audio/webm' },
};

/** Seconds a build takes: clean-up and analysis run several times faster than real time. */
const estimateBuildSeconds = (sampleSeconds: number) => Math.max(5, Math.round(3 + sampleSeconds * 0.15));

/** The photo's address changes with the photo (its stored name), so browsers never show an old one. */
export function voiceClonePhotoUrl(row: Pick<VoiceCloneRow, 'id' | 'imageKey'>): string {
  if (!row.imageKey) return '';
  const version = row.imageKey.slice(row.imageKey.lastIndexOf('/') + 1).replace(/\.jpg$/, '');
  return `/api/music/voice_clone/${row.id}/image?v=${encodeURIComponent(version)}`;
}

export function presentVoiceClone(row: VoiceCloneRow): VoiceCloneItem {
  return {
    voice_clone_id: row.id,
    voice_clone_nickname: row.nickname,
    imageFileUrl: voiceClonePhotoUrl(row),
    status: row.status,
    failure_reason: row.failureReason ?? '',
    created: row.createdAt.toISOString(),
    build_phase: row.status === 'processing' ? buildPhaseOf(row.analysis) : null,
  };
}

function buildPhaseOf(analysis: unknown): AiSingerBuildPhase | null {
  const phase = (analysis as { buildPhase?: unknown } | null)?.buildPhase;
  return (AI_SINGER_BUILD_PHASES as readonly unknown[]).includes(phase)
    ? (phase as AiSingerBuildPhase)
    : null;
}

/** AI singers: a person's voice sample, checked, cleaned and analysed into what the engine sings with. */
export class VoiceCloneService {
  readonly #config: Config;
  readonly #clones: VoiceCloneRepository;
  readonly #users: UserRepository;
  readonly #storage: Storage;
  readonly #queue: JobQueue;
  readonly #cpu: CpuPool;
  readonly #mailer: Mailer;
  readonly #logger: FastifyBaseLogger;

  constructor(deps: {
    config: Config;
    clones: VoiceCloneRepository;
    users: UserRepository;
    storage: Storage;
    queue: JobQueue;
    cpu: CpuPool;
    mailer: Mailer;
    logger: FastifyBaseLogger;
  }) {
    this.#config = deps.config;
    this.#clones = deps.clones;
    this.#users = deps.users;
    this.#storage = deps.storage;
    this.#queue = deps.queue;
    this.#cpu = deps.cpu;
    this.#mailer = deps.mailer;
    this.#logger = deps.logger;
  }

  /**
   * Accepts a sample only after checking it (content, not file name), so a person learns at once what
   * to fix; then stores it and queues the build. Nothing is stored for a refused sample.
   */
  async create(
    userId: string,
    input: { nickname: string; sample: Buffer; photo: Buffer | null; guided: boolean },
  ): Promise<VoiceCloneCreated> {
    const report = await this.#cpu
      .run('check-voice-sample', { bytes: new Uint8Array(input.sample) })
      .catch((error: unknown) => {
        // A sample whose check runs past its limit is refused like any sample we cannot use.
        if (error instanceof CpuTaskTimeoutError) throw badRequest(error.message);
        throw error;
      });
    if (report.problem) throw badRequest(report.problem.message);
    const type = SAMPLE_TYPES[report.format!]!;
    const photo = input.photo ? await reencodePhoto(input.photo) : null;
    const id = randomUUID();
    const base = `voice-clones/${userId}/${id}`;
    const sampleKey = `${base}/sample.${type.extension}`;
    const imageKey = photo ? `${base}/photo-${randomUUID()}.jpg` : null;
    const stored: string[] = [];
    try {
      await this.#storage.put(sampleKey, input.sample, type.contentType);
      stored.push(sampleKey);
      if (photo && imageKey) {
        await this.#storage.put(imageKey, photo, 'image/jpeg');
        stored.push(imageKey);
      }
      await this.#clones.insert({
        id,
        userId,
        nickname: input.nickname,
        status: 'processing',
        sampleKey,
        imageKey,
        analysis: { sample: report.analysis, guided: input.guided },
      });
    } catch (error) {
      for (const key of stored) await this.#storage.delete(key).catch(() => {});
      throw error;
    }
    // The job is sent after the commit. Should the process die in between or the send fail, the sweeper
    // finds the AI singer processing without a job and sends it under the same key (see `sweep`).
    await this.#queue
      .send('build-voice-clone', { voiceCloneId: id }, { key: id })
      .catch((error: unknown) =>
        this.#logger.error({ err: error, voiceCloneId: id }, 'could not queue the AI singer build yet'),
      );
    return {
      recording: `/api/music/voice_clone/${id}/sample`,
      voiceProfileId: id,
      estimation: estimateBuildSeconds(report.analysis!.durationSeconds),
    };
  }

  /**
   * The build job. When its last attempt fails, whatever threw (clean-up, the voice model, storage, the
   * database), the AI singer fails with a reason before the error goes on to pg-boss.
   */
  async build(voiceCloneId: string, run: JobRun): Promise<void> {
    try {
      await this.#build(voiceCloneId, run);
    } catch (error) {
      if (run.lastAttempt) {
        await this.#clones
          .failProcessing(voiceCloneId, AI_SINGER_FAILED_REASON)
          .catch((failError: unknown) =>
            this.#logger.error({ err: failError, voiceCloneId }, 'could not mark the AI singer failed'),
          );
      }
      throw error;
    }
  }

  /**
   * The sweeper's part for AI singers: one processing without a job gets it, keyed by its id; one whose
   * job failed for good (retries used up, the last attempt killed or expired) fails.
   */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { sent: 0, failed: 0 };
    for (const clone of await this.#clones.listProcessing()) {
      const action = sweepAction(await this.#queue.jobState('build-voice-clone', clone.id));
      if (
        action === 'send' &&
        (await this.#queue.send('build-voice-clone', { voiceCloneId: clone.id }, { key: clone.id }))
      )
        result.sent++;
      if (action === 'fail' && (await this.#clones.failProcessing(clone.id, AI_SINGER_FAILED_REASON)))
        result.failed++;
    }
    return result;
  }

  /** Cleans and analyses the sample, keeps the result, tells the person (mail and notice). */
  async #build(voiceCloneId: string, run: JobRun): Promise<void> {
    const clone = await this.#clones.findById(voiceCloneId);
    if (!clone || clone.status !== 'processing' || !clone.sampleKey) return;
    const sample = await this.#storage.readAll(clone.sampleKey);
    if (!sample) {
      await this.#clones.failProcessing(clone.id, 'The voice sample is missing. Please record it again.');
      return;
    }
    const startedAt = Date.now();
    const guided = Boolean((clone.analysis as { guided?: boolean } | null)?.guided);
    // The job's phases reach the row as the engine starts each, so the page shows where the build really is.
    const channel = new MessageChannel();
    channel.port1.on('message', (message: ProgressMessage<AiSingerBuildPhase>) => {
      void this.#clones.reportBuildPhase(clone.id, message.phase).catch(() => {});
    });
    let built;
    try {
      built = await this.#cpu.run(
        'build-ai-singer',
        { bytes: new Uint8Array(sample), guided, progress: channel.port2 },
        { signal: run.signal, transferList: [channel.port2] },
      );
    } catch (error) {
      // A sample the clean-up refuses, or one it cannot finish in time, fails at once with what to fix:
      // a retry would be refused, or would hang, the same way.
      if (!(error instanceof CpuTaskTimeoutError) && (error as Error).name !== 'AudioInputError') throw error;
      await this.#clones.failProcessing(clone.id, (error as Error).message);
      return;
    } finally {
      channel.port1.close();
    }
    await this.#clones.reportBuildPhase(clone.id, 'saving');
    const { prepared } = built;
    const base = `voice-clones/${clone.userId}/${clone.id}`;
    await this.#storage.put(`${base}/voice.wav`, prepared.wav, 'audio/wav');
    const modelKey = `${base}/model.bin`;
    await this.#storage.put(modelKey, built.model, 'application/octet-stream');
    // The notice first: it is keyed by the AI singer, so a retry after a crash cannot add a second one.
    const text = `Your AI singer "${clone.nickname}" is ready.`;
    await this.#clones.addNotice({
      id: voiceReadyNoticeId(clone.id),
      userId: clone.userId,
      kind: 'voice_clone_ready',
      text,
      link: '/manage',
    });
    await this.#clones.update(clone.id, {
      status: 'ready',
      modelKey,
      analysis: { sample: prepared.analysis, guided, model: built.summary },
      failureReason: null,
    });
    const owner = await this.#users.findById(clone.userId);
    const tookSeconds = Math.max(1, Math.round((Date.now() - startedAt) / 1000));
    if (owner?.email) {
      await this.#mailer
        .send({
          to: owner.email,
          subject: 'Your AI singer is ready',
          text:
            `Hi ${owner.displayName || 'there'},\n\n${text} It took ${tookSeconds} ${tookSeconds === 1 ? 'second' : 'seconds'} to build. ` +
            `Make a song with it:\n${this.#config.publicUrl}/create/step-1\n\nBops`,
        })
        .catch((error: unknown) =>
          this.#logger.warn({ err: error }, 'could not send the AI-singer-ready e-mail'),
        );
    }
  }

  async #owned(userId: string, id: string): Promise<VoiceCloneRow> {
    const clone = await this.#clones.findOwned(userId, id);
    if (!clone) throw notFound('There is no such AI singer.');
    return clone;
  }

  async retrieve(userId: string, id: string): Promise<VoiceCloneItem> {
    return presentVoiceClone(await this.#owned(userId, id));
  }

  async rename(userId: string, id: string, nickname: string): Promise<VoiceCloneItem> {
    await this.#owned(userId, id);
    return presentVoiceClone((await this.#clones.update(id, { nickname }))!);
  }

  async setPhoto(userId: string, id: string, upload: Buffer): Promise<VoiceCloneItem> {
    const clone = await this.#owned(userId, id);
    const jpeg = await reencodePhoto(upload);
    const imageKey = `voice-clones/${userId}/${id}/photo-${randomUUID()}.jpg`;
    await this.#storage.put(imageKey, jpeg, 'image/jpeg');
    const updated = await this.#clones.update(id, { imageKey });
    if (clone.imageKey) await this.#queue.send('delete-files', { keys: [clone.imageKey] });
    return presentVoiceClone(updated!);
  }

  async remove(userId: string, id: string): Promise<VoiceCloneDeleted> {
    const clone = await this.#owned(userId, id);
    await this.#clones.delete(id);
    const keys = [clone.sampleKey, clone.imageKey, clone.modelKey].filter((key): key is string =>
      Boolean(key),
    );
    if (keys.length > 0) await this.#queue.send('delete-files', { keys });
    return { voice_clone_id: id, deleted: true };
  }

  /** The model of the owner's ready AI singer, for a render; refusals say what to do. */
  async requireReady(userId: string, id: string): Promise<VoiceCloneRow> {
    const clone = await this.#clones.findOwned(userId, id);
    if (!clone) throw badRequest('voice_clone_id: There is no such AI singer.');
    if (clone.status !== 'ready' || !clone.modelKey)
      throw badRequest('Voice is not ready to use yet. Please try again later.');
    return clone;
  }

  /** For a cover: someone else's or an unknown AI singer is not found; one still being built says so. */
  async requireReadyOwned(userId: string, id: string): Promise<VoiceCloneRow> {
    const clone = await this.#owned(userId, id);
    if (clone.status !== 'ready' || !clone.modelKey)
      throw badRequest('Voice is not ready to use yet. Please try again later.');
    return clone;
  }

  async readyModel(userId: string, id: string): Promise<{ clone: VoiceCloneRow; model: Uint8Array }> {
    const clone = await this.requireReady(userId, id);
    const model = await this.#storage.readAll(clone.modelKey!);
    if (!model) throw badRequest('Voice is not ready to use yet. Please try again later.');
    return { clone, model: new Uint8Array(model) };
  }

  /** A stored file of the owner's AI singer; anyone else gets 404. */
  async fileKey(userId: string, id: string, kind: 'sample' | 'image'): Promise<string> {
    const clone = await this.#owned(userId, id);
    const key = kind === 'sample' ? clone.sampleKey : clone.imageKey;
    if (!key) throw notFound('This file does not exist.');
    return key;
  }
}
