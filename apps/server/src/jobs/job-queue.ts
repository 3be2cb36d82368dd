import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { ConstructorOptions, JobWithMetadata, QueueOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { JobName, JobPayload } from './job-types.ts';

/** What a handler gets besides its payload. */
export interface JobRun {
  id: string;
  /** How many times this job ran before (0 on the first attempt). */
  retryCount: number;
  /**
   * No retry follows if this attempt throws: the job's own retry limit is used up (pg-boss fails a job
   * for good once `retryCount >= retryLimit`). A handler then records the failure where people see it.
   */
  lastAttempt: boolean;
  /** Aborted when the job's claim is lost or the worker shuts down. */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName, Deps> = (
  payload: JobPayload<N>,
  run: JobRun,
  deps: Deps,
) => Promise<void>;

export type JobHandlers<Deps> = { [N in JobName]: JobHandler<N, Deps> };

export interface JobTypeDefinition {
  payload: { parse(value: unknown): unknown };
  queue: QueueOptions;
}

export interface JobQueueOptions {
  connection: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
  types: Record<string, JobTypeDefinition>;
  logger: FastifyBaseLogger;
  /** How often expired or heartbeat-less jobs are swept back to retry. */
  superviseIntervalSeconds?: number;
  /** How often jobs whose worker stopped heartbeating are failed over to retry. */
  monitorIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** Told of every finished attempt (metrics). */
  onAttemptFinished?: (type: string, outcome: 'done' | 'failed', seconds: number) => void;
}

/** Where a job stands in pg-boss: waiting (created, retry), running (active), or settled. */
export type JobState = JobWithMetadata['state'];

/** A job id derived from a key, so sending the same key twice queues one job. */
export function jobIdForKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The job queue: pg-boss on the application's own database, embedded or PostgreSQL. */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #types: Record<string, JobTypeDefinition>;
  readonly #logger: FastifyBaseLogger;
  readonly #pollingIntervalSeconds: number;
  readonly #onAttemptFinished: JobQueueOptions['onAttemptFinished'];
  #started = false;

  constructor(options: JobQueueOptions) {
    this.#types = options.types;
    this.#logger = options.logger;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
    this.#onAttemptFinished = options.onAttemptFinished;
    this.#boss = new PgBoss({
      ...options.connection,
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? 5,
      monitorIntervalSeconds: options.monitorIntervalSeconds ?? 10,
      schedule: false,
      // pg-boss's instance registry (getInstances) is read by nothing in Bops; registering wrote three statements
      // at every start (a fifth of a warm start on the embedded database) and a heartbeat row every minute.
      registerInstance: false,
    });
    this.#boss.on('error', (error: Error) => this.#logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.#boss.start();
    // One read of every queue, and a write only where one is missing or its settings changed: a restart
    // usually finds them all current.
    const existing = new Map((await this.#boss.getQueues(Object.keys(this.#types))).map((q) => [q.name, q]));
    for (const [name, definition] of Object.entries(this.#types)) {
      const queue = existing.get(name) as Record<string, unknown> | undefined;
      if (!queue) await this.#boss.createQueue(name, definition.queue);
      else if (Object.entries(definition.queue).some(([option, value]) => queue[option] !== value)) {
        await this.#boss.updateQueue(name, definition.queue);
      }
    }
    this.#started = true;
  }

  /**
   * Queues a job. With a key, a second send of the same key while the first job is still kept
   * returns null instead of queueing a duplicate.
   */
  async send<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options: { key?: string } = {},
  ): Promise<string | null> {
    const definition = this.#types[name];
    if (!definition) throw new Error(`Unknown job type ${name}`);
    const data = definition.payload.parse(payload) as object;
    return this.#boss.send(name, data, options.key ? { id: jobIdForKey(name, options.key) } : {});
  }

  /** Starts workers for every job type; refuses when a type has no handler. */
  async work<Deps>(handlers: Partial<JobHandlers<Deps>>, deps: Deps, concurrency: number): Promise<void> {
    assertEveryJobTypeHandled(Object.keys(this.#types), handlers);
    for (const name of Object.keys(this.#types) as JobName[]) {
      const handler = handlers[name] as JobHandler<JobName, Deps>;
      const definition = this.#types[name]!;
      await this.#boss.work(
        name,
        {
          batchSize: 1,
          localConcurrency: concurrency,
          pollingIntervalSeconds: this.#pollingIntervalSeconds,
          // The job's own retry limit, so a handler knows when it holds the last attempt.
          includeMetadata: true,
        },
        async ([job]) => {
          if (!job) return;
          const payload = definition.payload.parse(job.data) as JobPayload<JobName>;
          const started = performance.now();
          this.#logger.info({ job: name, jobId: job.id, attempt: job.retryCount + 1 }, 'job started');
          try {
            const run: JobRun = {
              id: job.id,
              retryCount: job.retryCount,
              lastAttempt: job.retryCount >= job.retryLimit,
              signal: job.signal,
            };
            await handler(payload, run, deps);
            this.#logger.info(
              { job: name, jobId: job.id, ms: Math.round(performance.now() - started) },
              'job done',
            );
            this.#onAttemptFinished?.(name, 'done', (performance.now() - started) / 1000);
          } catch (error) {
            this.#logger.warn({ job: name, jobId: job.id, err: error }, 'job failed');
            this.#onAttemptFinished?.(name, 'failed', (performance.now() - started) / 1000);
            throw error;
          }
        },
      );
    }
  }

  /** Jobs ready to run and running now, by type (for metrics). */
  async depth(): Promise<Array<{ type: string; waiting: number; running: number }>> {
    const queues = new Map((await this.#boss.getQueues(Object.keys(this.#types))).map((q) => [q.name, q]));
    return Object.keys(this.#types).map((type) => {
      const queue = queues.get(type);
      return { type, waiting: queue?.readyCount ?? 0, running: queue?.activeCount ?? 0 };
    });
  }

  /**
   * The state of the job sent with `key`, or null when there is none: never sent, or deleted once its
   * retention ended.
   */
  async jobState(name: JobName, key: string): Promise<JobState | null> {
    const [job] = await this.#boss.findJobs(name, { id: jobIdForKey(name, key) });
    return job?.state ?? null;
  }

  /** Reads one job's state (for tests and the operator). */
  async getJob(name: JobName, id: string) {
    return this.#boss.getJobById(name, id);
  }

  /** Stops taking work; running jobs get `timeoutMs` to finish, then are released for retry. */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

export function assertEveryJobTypeHandled(names: string[], handlers: object): void {
  const missing = names.filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`No handler registered for job type(s): ${missing.join(', ')}`);
  }
}
