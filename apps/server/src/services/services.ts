import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/create-auth.ts';
import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { HealthRepository } from '../repositories/health.repository.ts';
import { LanguageModelRepository } from '../repositories/language-model.repository.ts';
import { CrashReportRepository } from '../repositories/crash-report.repository.ts';
import { MusicRepository } from '../repositories/music.repository.ts';
import { PlaylistRepository } from '../repositories/playlist.repository.ts';
import { UserRepository } from '../repositories/user.repository.ts';
import {
  PASSWORD_RESET_KEY_PREFIX,
  SignInFailureRepository,
} from '../repositories/sign-in-failure.repository.ts';
import type { Storage } from '../storage/storage.ts';
import type { UploadReceiver } from '../http/upload-receiver.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { ReadCache } from '../db/read-cache.ts';
import { AuthService } from './auth.service.ts';
import { HealthService } from './health.service.ts';
import { LyricsService } from './lyrics.service.ts';
import { AnalyticsService } from './analytics.service.ts';
import { TakedownService } from './takedown.service.ts';
import { CreationService } from './creation.service.ts';
import { SongCoverService } from './song-cover.service.ts';
import { SongLinkImporter } from '../link-import/index.ts';
import { CatalogService } from './catalog.service.ts';
import { VoiceCloneService } from './voice-clone.service.ts';
import { VoiceCloneRepository } from '../repositories/voice-clone.repository.ts';
import { CreationRepository } from '../repositories/creation.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';
import { AnalyticsRepository } from '../repositories/analytics.repository.ts';
import { TakedownRepository } from '../repositories/takedown.repository.ts';
import { MusicService } from './music.service.ts';
import { SongArtService } from './song-art.service.ts';
import { LibraryService } from './library.service.ts';
import { DemoSongsService } from './demo-songs.service.ts';
import { PlaylistService } from './playlist.service.ts';
import { ProfileService } from './profile.service.ts';
import { AccountService } from './account.service.ts';
import { AccountRepository } from '../repositories/account.repository.ts';
import { ShellService } from './shell.service.ts';
import { NoticeService } from './notice.service.ts';
import { NoticeRepository } from '../repositories/notice.repository.ts';

/** Everything the routes can reach. Routes call services; services call repositories. */
export interface Services {
  storage: Storage;
  /** Every upload route receives its files through this (caps, disk streaming, clean-up). */
  uploads: UploadReceiver;
  health: HealthService;
  auth: AuthService;
  profile: ProfileService;
  account: AccountService;
  shell: ShellService;
  lyrics: LyricsService;
  analytics: AnalyticsService;
  takedowns: TakedownService;
  creation: CreationService;
  songCovers: SongCoverService;
  catalog: CatalogService;
  voiceClones: VoiceCloneService;
  notices: NoticeService;
  mailer: Mailer;
  music: MusicService;
  library: LibraryService;
  playlists: PlaylistService;
  demoSongs: DemoSongsService;
}

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
  auth: Auth;
  sessionCache: SessionCache;
  readCache: ReadCache;
  logger: FastifyBaseLogger;
  cpu: CpuPool;
  uploads: UploadReceiver;
  /** Every mail of the instance goes out through this one. */
  mailer: Mailer;
  /** The instance's signing secret; also keys the hashes that stand for visitors' addresses. */
  secret: string;
}

export function createServices(deps: ServiceDeps): Services {
  const { db } = deps.database;
  const users = new UserRepository(db);
  const music = new MusicRepository(db);
  const playlists = new PlaylistService({
    playlists: new PlaylistRepository(db),
    music,
    readCache: deps.readCache,
  });
  const { mailer } = deps;
  const voiceClones = new VoiceCloneService({
    config: deps.config,
    clones: new VoiceCloneRepository(db),
    users,
    storage: deps.storage,
    queue: deps.queue,
    cpu: deps.cpu,
    mailer,
    logger: deps.logger,
  });
  const creations = new CreationRepository(db);
  const art = new SongArtService({ storage: deps.storage, queue: deps.queue, music });
  const musicService = new MusicService({
    music,
    readCache: deps.readCache,
    listenerSecret: deps.secret,
    storage: deps.storage,
    queue: deps.queue,
    art,
  });
  // One importer: the cover uses it, health reports whether it can fetch links; refused downloads are logged.
  const links = SongLinkImporter.fromConfig(deps.config, deps.logger);
  return {
    storage: deps.storage,
    uploads: deps.uploads,
    health: new HealthService({
      database: new HealthRepository(db),
      config: deps.config,
      databaseKind: deps.database.kind,
      storage: deps.storage,
      queue: deps.queue,
      ytDlpAvailable: () => links.available,
    }),
    auth: new AuthService({
      auth: deps.auth,
      config: deps.config,
      sessionCache: deps.sessionCache,
      signInFailures: new SignInFailureRepository(db),
      passwordResetMails: new SignInFailureRepository(db, PASSWORD_RESET_KEY_PREFIX),
      mailer,
    }),
    profile: new ProfileService({ users, storage: deps.storage, queue: deps.queue }),
    account: new AccountService({
      accounts: new AccountRepository(db),
      storage: deps.storage,
      queue: deps.queue,
      logger: deps.logger,
      art,
    }),
    shell: new ShellService({ users, crashes: new CrashReportRepository(db) }),
    lyrics: new LyricsService({
      languageModel: LanguageModelRepository.fromConfig(deps.config),
      logger: deps.logger,
    }),
    analytics: new AnalyticsService({ events: new AnalyticsRepository(db) }),
    takedowns: new TakedownService({ notices: new TakedownRepository(db) }),
    music: musicService,
    library: new LibraryService({ music: musicService, playlists }),
    demoSongs: new DemoSongsService({
      music,
      playlists,
      storage: deps.storage,
      queue: deps.queue,
      cpu: deps.cpu,
      logger: deps.logger,
    }),
    playlists,
    mailer,
    voiceClones,
    notices: new NoticeService({ notices: new NoticeRepository(db) }),
    catalog: new CatalogService({
      storage: deps.storage,
      queue: deps.queue,
      cpu: deps.cpu,
      logger: deps.logger,
    }),
    creation: new CreationService({
      config: deps.config,
      creations,
      queue: deps.queue,
      cpu: deps.cpu,
      storage: deps.storage,
      mailer,
      playlists,
      voiceClones,
      logger: deps.logger,
    }),
    songCovers: new SongCoverService({
      config: deps.config,
      creations,
      queue: deps.queue,
      cpu: deps.cpu,
      storage: deps.storage,
      playlists,
      singers: voiceClones,
      links,
      logger: deps.logger,
    }),
  };
}
