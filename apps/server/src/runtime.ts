import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from './config/config.ts';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import type { JobDeps } from './jobs/job-types.ts';
import { assertEveryJobTypeHandled, JobQueue, type JobHandlers } from './jobs/job-queue.ts';
import { jobTypes } from './jobs/job-types.ts';
import { listenEarly, type HttpFront } from './http/http-front.ts';
import { findYtDlp } from './link-import/yt-dlp-runner.ts';
import { HealthService } from './services/health.service.ts';
import { HealthRepository } from './repositories/health.repository.ts';
import type { Services } from './services/services.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';
import type { CpuPool } from './workers/cpu-pool.ts';
import type { Metrics } from './metrics/metrics.ts';

/** How long start-up leaves the event loop to health checks after listening (see loadTheRest). */
const AFTER_LISTEN_MS = 150;

/**
 * What the first request does not need, loaded once Bops is listening: sign-in, the services, the routes, the CPU
 * pool, metrics and backups; importing them takes longer than opening the database. One at a time, with a turn of
 * the event loop between them, and none while a health check is being answered (its queries would otherwise
 * advance one step per module), so a health check arriving meanwhile waits for one module's load at most.
 */
async function loadTheRest(front: HttpFront | null) {
  // Health checkers poll: one that connects while a module loads waits for it. The first moment after
  // listening is theirs unless a request for the app is already waiting.
  await front?.pause(AFTER_LISTEN_MS);
  const next = async <T>(load: () => Promise<T>): Promise<T> => {
    await new Promise((resolve) => setImmediate(resolve));
    await front?.idle();
    return load();
  };
  return {
    auth: await next(() => import('./auth/create-auth.ts')),
    mail: await next(() => import('./mail/mailer.ts')),
    services: await next(() => import('./services/services.ts')),
    app: await next(() => import('./app.ts')),
    sessionCache: await next(() => import('./auth/session-cache.ts')),
    readCache: await next(() => import('./db/read-cache.ts')),
    settings: await next(() => import('./repositories/settings.repository.ts')),
    uploads: await next(() => import('./http/upload-receiver.ts')),
    cpuPool: await next(() => import('./workers/cpu-pool.ts')),
    metrics: await next(() => import('./metrics/metrics.ts')),
    jobHandlers: await next(() => import('./jobs/job-handlers.ts')),
    jobSweeper: await next(() => import('./jobs/job-sweeper.ts')),
    controlSocket: await next(() => import('./backup/control-socket.ts')),
    backup: await next(() => import('./backup/embedded-backup.ts')),
  };
}

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
  cpu: CpuPool;
  services: Services;
  /** Present when metrics are on (METRICS_TOKEN). */
  metrics: Metrics | null;
  /** The HTTP app, unless this process runs the worker role only. */
  app: FastifyInstance | null;
  /** Stops taking work, lets running jobs finish (or releases them), closes everything. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger: FastifyBaseLogger;
  /** Listen on the configured port (false in tests that use inject). */
  listen?: boolean;
  webDistDir?: string;
  handlers?: Partial<JobHandlers<JobDeps>>;
  /** Run job workers in this process (default: unless the role is api). */
  workers?: boolean;
  /** Called once the server listens (with `listen`): requests are answered from then on, or wait for the app. */
  onListening?: () => void;
}

async function migrate(database: DatabaseHandle): Promise<void> {
  if (database.kind === 'pglite') return database.migrate();
  // Several processes may start at once against one PostgreSQL; one migrates, the others wait.
  await database.db.execute(sql`select pg_advisory_lock(7262677)`);
  try {
    await database.migrate();
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(7262677)`);
  }
}

/**
 * Starts Bops in the configured role: everything in one process, the API alone, or workers alone. With `listen`,
 * the server answers `/api/health` as soon as the database, storage and queue are up and holds other requests
 * until the rest has loaded; the returned promise settles once everything is ready.
 */
export async function startBops(config: Config, options: StartOptions): Promise<Runtime> {
  const { logger } = options;

  const cleanups: Array<() => Promise<void> | void> = [];
  const runCleanups = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
      }
    }
  };

  let front: HttpFront | null = null;
  try {
    let lock: DataDirLock | null = null;
    if (config.database.kind === 'pglite') {
      lock = acquireDataDirLock(config.dataDir);
      cleanups.push(() => lock?.release());
    }
    const database = await openDatabase(config.database);
    cleanups.push(() => database.close());
    await migrate(database);

    const storage = await createStorage(config.storage);
    let metrics: Metrics | null = null;
    const queue = new JobQueue({
      connection: database.queueConnection,
      types: jobTypes,
      logger,
      onAttemptFinished: (type, outcome, seconds) => metrics?.observeJob(type, outcome, seconds),
    });
    await queue.start();
    cleanups.push(() => queue.stop(config.shutdownTimeoutMs));

    if (options.listen && config.role !== 'worker') {
      const ytDlp = findYtDlp(config.linkImport.ytdlpPath).available;
      const health = new HealthService({
        database: new HealthRepository(database.db),
        config,
        databaseKind: database.kind,
        storage,
        queue,
        ytDlpAvailable: () => ytDlp,
      });
      const listening = await listenEarly({ host: config.host, port: config.port, health });
      front = listening;
      options.onListening?.();
      // Closes the server when start-up fails before the app is ready (the app's own clean-up does it later on).
      cleanups.push(() => listening.close());
    }

    const {
      app: { buildApp },
      auth: { createAuth },
      mail: { Mailer },
      sessionCache: { SessionCache },
      readCache: { ReadCache },
      settings: { SettingsRepository },
      services: { createServices },
      uploads: { UploadReceiver },
      cpuPool: { CpuPool: CpuPoolClass },
      metrics: { Metrics: MetricsClass },
      jobHandlers: { jobHandlers },
      jobSweeper: { startJobSweeper },
      controlSocket: { startControlSocket },
      backup: { writeBackup },
    } = await loadTheRest(front);
    const handlers = options.handlers ?? jobHandlers;
    assertEveryJobTypeHandled(Object.keys(jobTypes), handlers);

    const pool = new CpuPoolClass({
      threads: config.jobs.workerThreads,
      maxQueued: config.jobs.cpuQueueMax,
      timeLimitFactor: config.jobs.cpuTimeLimitFactor,
      onTaskFinished: (task, seconds, result) =>
        metrics?.observeRender(task, seconds, audioSecondsOf(result)),
    });
    cleanups.push(() => pool.close());
    if (config.metricsToken) {
      metrics = new MetricsClass({
        queueDepth: () => queue.depth(),
        cpuPool: () => ({ running: pool.running, queued: pool.queued, threads: pool.threads }),
      });
    }

    const secret = await new SettingsRepository(database.db).authSecret(config.auth.secret);
    const sessionCache = new SessionCache({ ttlMs: config.auth.sessionCacheMs });
    const mailer = new Mailer(config.mail);
    const auth = createAuth({ config, db: database.db, secret, logger, sessionCache, mailer });
    const readCache = new ReadCache();
    if (config.role !== 'worker') {
      const stopWatching = await database.watchReadChanges({
        change: () => readCache.invalidate(),
        countsChange: (musicId) => readCache.invalidateTag(musicId),
        sessionEnd: (sessionId) => sessionCache.forgetSession(sessionId),
        live: (isLive) => {
          // Songs and playlists are kept only where a change is announced before its writer hears back
          // (the embedded database); on PostgreSQL the announcement trails the commit, so a person could
          // read their own change back unmade. Sessions are kept on both: a sign-out is forgotten at once
          // by the process that made it.
          readCache.setLive(isLive && database.announcesChangesBeforeAnswering);
          sessionCache.setLive(isLive);
        },
      });
      cleanups.push(stopWatching);
    }
    const uploads = new UploadReceiver({
      ...config.uploads,
      idleTimeoutMs: 30_000,
      maxFileBytes: config.uploadLimitBytes,
    });
    if (config.role !== 'worker') {
      await uploads.prepare();
      cleanups.push(() => uploads.close());
    }
    const services: Services = createServices({
      mailer,
      uploads,
      secret,
      config,
      database,
      storage,
      queue,
      auth,
      sessionCache,
      readCache,
      logger,
      cpu: pool,
    });
    // The link importer's egress proxy (started by the first link download).
    cleanups.push(() => services.songCovers.close());
    // On a first start, previews are asked for as soon as Bops answers: their threads start while the app loads.
    if (config.renderCatalog && config.role !== 'worker') {
      services.catalog
        .warmIfMissing()
        .catch((error: unknown) => logger.warn({ err: error }, 'could not check the built-in catalogue'));
    }

    let app: FastifyInstance | null = null;
    if (config.role !== 'worker') {
      app = await buildApp({
        config,
        services,
        storage,
        logger,
        metrics,
        ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
      });
      const httpApp = app;
      const listening = front;
      // No new connections; in-flight requests finish; new ones on open connections are told Bops is stopping.
      cleanups.push(async () => {
        const closed = listening?.close();
        await httpApp.close();
        await closed;
      });
      await app.ready();
      front?.serve(app);
    }

    // Jobs start once the app answers: a restart with work left over serves people first.
    if (options.workers ?? config.role !== 'api') {
      await queue.work(
        handlers,
        { db: database.db, storage, cpu: pool, logger, services },
        config.jobs.concurrency,
      );
      // Creations and AI singers left waiting on a job that was never sent or gave up: shortly, then each minute.
      const sweeper = startJobSweeper({
        sweeps: [
          { name: 'render-rap', run: () => services.creation.sweep() },
          { name: 'render-cover', run: () => services.songCovers.sweep() },
          { name: 'build-voice-clone', run: () => services.voiceClones.sweep() },
        ],
        intervalMs: 60_000,
        logger,
      });
      cleanups.push(() => sweeper.stop());
    }

    // `npm run backup` reaches the embedded database through this process, which alone may open it.
    const snapshot = database.snapshot;
    const storageConfig = config.storage;
    if (snapshot && storageConfig.kind === 'local') {
      const stopControl = await startControlSocket({
        dataDir: config.dataDir,
        logger,
        handlers: {
          backup: (request) => writeBackup({ snapshot, filesDir: storageConfig.dir, target: request.target }),
        },
      });
      cleanups.push(stopControl);
    }

    // The first request needs none of this: the catalogue's missing files are queued once Bops answers, and the
    // demo songs once those are stored, since someone choosing a beat or an artist waits on a preview and nobody
    // on a demo song. Stopping ends the wait and waits for the rest, so nothing is queued into a closed database.
    if (config.renderCatalog && config.role !== 'worker') {
      const stopSeeding = new AbortController();
      const seeding = (async () => {
        await services.catalog.ensureRendered();
        await services.catalog.whenAllStored({ signal: stopSeeding.signal, timeoutMs: 10 * 60_000 });
        if (!stopSeeding.signal.aborted) await services.demoSongs.ensureQueued();
      })().catch((error: unknown) => logger.error({ err: error }, 'could not queue the built-in catalogue'));
      cleanups.push(() => {
        stopSeeding.abort();
        return seeding;
      });
    }

    let stopping: Promise<void> | null = null;
    return {
      config,
      database,
      storage,
      queue,
      cpu: pool,
      services,
      metrics,
      app,
      stop: () => (stopping ??= runCleanups()),
    };
  } catch (error) {
    front?.fail();
    await runCleanups();
    throw error;
  }
}

/** The length of the audio a CPU task made, when it made some (renders report it). */
function audioSecondsOf(result: unknown): number {
  if (!result || typeof result !== 'object') return 0;
  const { durationSeconds, duration } = result as { durationSeconds?: unknown; duration?: unknown };
  if (typeof durationSeconds === 'number') return durationSeconds;
  return typeof duration === 'number' ? duration : 0;
}
