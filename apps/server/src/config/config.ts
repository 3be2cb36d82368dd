import os from 'node:os';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Every environment variable Bops reads, with its default. README.md documents the same table. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const integerFromEnv = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `expected a whole number between ${min} and ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { message: `expected at least ${min}` })
        .max(max, { message: `expected at most ${max}` }),
    );

const urlFromEnv = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** Names proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** `false` (the default: no forwarded header is believed) or a list of proxy addresses and CIDR ranges. */
const trustProxyFromEnv = z
  .string()
  .transform((value) => value.trim())
  .refine(
    (value) =>
      ['false', 'off', 'no', '0'].includes(value) ||
      value
        .split(',')
        .map((entry) => entry.trim())
        .every(isProxyAddress),
    { message: 'expected false or a comma-separated list of proxy addresses or CIDR ranges' },
  )
  .transform((value) =>
    ['false', 'off', 'no', '0'].includes(value)
      ? (false as const)
      : value.split(',').map((entry) => entry.trim()),
  );

const envSchema = z.object({
  PORT: integerFromEnv(1, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlFromEnv(['http:', 'https:']).optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlFromEnv(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_MAX: integerFromEnv(1, 200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromEnv.optional(),
  BODY_LIMIT_BYTES: integerFromEnv(1024, 100 * 1024 * 1024).default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: integerFromEnv(1024, 1024 * 1024 * 1024).default(50 * 1024 * 1024),
  UPLOADS_PER_PERSON: integerFromEnv(1, 100).default(2),
  UPLOADS_TOTAL: integerFromEnv(1, 1000).default(8),
  S3_ENDPOINT: urlFromEnv(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  JOB_CONCURRENCY: integerFromEnv(1, 64).default(2),
  WORKER_THREADS: integerFromEnv(1, 64).default(Math.max(1, os.availableParallelism() - 1)),
  CPU_QUEUE_MAX: integerFromEnv(1, 10_000).default(100),
  METRICS_TOKEN: z.string().min(16, { message: 'expected at least 16 characters' }).optional(),
  CPU_TASK_TIME_LIMIT_FACTOR: z
    .string()
    .regex(/^\d+(\.\d+)?$/, { message: 'expected a number between 0.001 and 100' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0.001, { message: 'expected at least 0.001' })
        .max(100, { message: 'expected at most 100' }),
    )
    .default(1),
  SHUTDOWN_TIMEOUT_MS: integerFromEnv(1000, 600_000).default(30_000),
  AUTH_SECRET: z.string().min(32, { message: 'expected at least 32 characters' }).optional(),
  LOCAL_ACCOUNTS: booleanFromEnv.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: urlFromEnv(['http:', 'https:']).default(
    'https://accounts.google.com/.well-known/openid-configuration',
  ),
  OIDC_ISSUER: urlFromEnv(['http:', 'https:']).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('Single sign-on'),
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, { message: 'expected lowercase letters, digits and dashes' })
    .default('oidc'),
  SIGN_IN_RATE_LIMIT: integerFromEnv(1, 10_000).default(10),
  SIGN_IN_ACCOUNT_LIMIT: integerFromEnv(1, 10_000).default(10),
  SESSION_CACHE_SECONDS: integerFromEnv(0, 300).default(10),
  DAILY_CREATION_LIMIT: integerFromEnv(1, 10_000).default(10),
  RENDER_CATALOG: booleanFromEnv.default(true),
  SMTP_URL: urlFromEnv(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Bops <no-reply@localhost>'),
  LLM_BASE_URL: urlFromEnv(['http:', 'https:']).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: integerFromEnv(1000, 120_000).default(20_000),
  YTDLP_PATH: z.string().min(1).optional(),
  LINK_IMPORT_MAX_BYTES: integerFromEnv(1024 * 1024, 1024 * 1024 * 1024).default(50 * 1024 * 1024),
  LINK_IMPORT_TIMEOUT_SECONDS: integerFromEnv(10, 3600).default(180),
});

/** The names of every environment variable Bops reads. */
export const ENVIRONMENT_VARIABLES = Object.keys(envSchema.shape);

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  role: Role;
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set; without it, a request's own origin counts as ours. */
  publicUrlSet: boolean;
  /**
   * The proxies whose X-Forwarded-For/-Host/-Proto headers are believed (addresses, CIDR ranges or
   * proxy-addr range names); false believes none, so the client address is the socket's.
   */
  trustProxy: false | string[];
  dataDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; poolMax: number };
  log: { level: string; pretty: boolean };
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  /**
   * Uploads received at once, per person and per process (each is streamed to `dir` and handled while
   * it holds its place; see http/upload-receiver.ts).
   */
  uploads: { perPerson: number; total: number; dir: string };
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /** Bearer token of `/api/metrics`; the route answers 404 while it is unset. */
  metricsToken: string | null;
  jobs: {
    concurrency: number;
    workerThreads: number;
    /** CPU tasks that may wait for a thread before more are refused (503). */
    cpuQueueMax: number;
    /** Multiplies every CPU task's wall-clock limit. */
    cpuTimeLimitFactor: number;
  };
  shutdownTimeoutMs: number;
  /** Render the built-in beats and artist demos that storage lacks, at start. */
  renderCatalog: boolean;
  /** Creations a person may start per UTC day (failed ones give their slot back). */
  dailyCreationLimit: number;
  /** SMTP when configured; otherwise e-mails are written as .eml files to `outboxDir`. */
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  /** An OpenAI-compatible chat endpoint for lyrics; null uses the built-in writer only. */
  llm: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /** Song links: yt-dlp (null: look for `yt-dlp` on PATH) and the caps on one download. */
  linkImport: { ytdlpPath: string | null; maxBytes: number; timeoutMs: number };
  auth: {
    /** Null: generated once and kept in the database. */
    secret: string | null;
    localAccounts: boolean;
    providers: OidcProviderConfig[];
    /** Sign-in attempts per minute per client address. */
    signInRateLimit: number;
    /** Wrong passwords per account per 15 minutes, from any number of addresses. */
    signInAccountLimit: number;
    /** How long a process may answer from memory which person a session cookie is (0: ask every time). */
    sessionCacheMs: number;
  };
}

/** An OpenID Connect identity provider, discovered from its issuer's metadata. */
export interface OidcProviderConfig {
  id: string;
  name: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; the first bad variable becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: Role = 'all'): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const shown = present[name] === undefined ? '' : ` (got "${String(present[name]).slice(0, 60)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  if (e.S3_ENDPOINT && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  const providers: OidcProviderConfig[] = [];
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: 'Google',
      discoveryUrl: e.GOOGLE_DISCOVERY_URL,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    });
  }
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    if (e.OIDC_PROVIDER_ID === 'google') {
      throw new ConfigError(
        'Invalid configuration: OIDC_PROVIDER_ID must not be "google" (that id belongs to GOOGLE_CLIENT_ID)',
      );
    }
    providers.push({
      id: e.OIDC_PROVIDER_ID,
      name: e.OIDC_NAME,
      discoveryUrl: `${e.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
    });
  }
  const localAccounts = e.LOCAL_ACCOUNTS ?? providers.length === 0;
  if (!localAccounts && providers.length === 0) {
    throw new ConfigError(
      'Invalid configuration: LOCAL_ACCOUNTS is false but no identity provider is configured, so nobody could sign in',
    );
  }
  if (role !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL is required to run the ${role} role on its own (the embedded database belongs to one process)`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    role,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    // Readable lines on a terminal; JSON lines for a log collector (anything that is not a terminal).
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY ?? Boolean(process.stdout.isTTY) },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    uploads: { perPerson: e.UPLOADS_PER_PERSON, total: e.UPLOADS_TOTAL, dir: path.join(dataDir, 'uploads') },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    metricsToken: e.METRICS_TOKEN ?? null,
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      workerThreads: e.WORKER_THREADS,
      cpuQueueMax: e.CPU_QUEUE_MAX,
      cpuTimeLimitFactor: e.CPU_TASK_TIME_LIMIT_FACTOR,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    renderCatalog: e.RENDER_CATALOG,
    dailyCreationLimit: e.DAILY_CREATION_LIMIT,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.LLM_API_KEY ?? null,
          model: e.LLM_MODEL,
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : null,
    linkImport: {
      ytdlpPath: e.YTDLP_PATH ?? null,
      maxBytes: e.LINK_IMPORT_MAX_BYTES,
      timeoutMs: e.LINK_IMPORT_TIMEOUT_SECONDS * 1000,
    },
    auth: {
      secret: e.AUTH_SECRET ?? null,
      localAccounts,
      providers,
      signInRateLimit: e.SIGN_IN_RATE_LIMIT,
      signInAccountLimit: e.SIGN_IN_ACCOUNT_LIMIT,
      sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    },
  };
}
