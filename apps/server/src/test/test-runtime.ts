import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig, type Config, type Role } from '../config/config.ts';
import { startBops, type Runtime, type StartOptions } from '../runtime.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases the data-layer and API tests run against: always the embedded one, and PostgreSQL
 * when TEST_DATABASE_URL points at a server (CI starts one).
 */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const silentLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export async function makeTempDir(prefix = 'bops-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A fresh, empty PostgreSQL database on the test server; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bops_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestEnvironment {
  dataDir: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A data directory and (for PostgreSQL) a database of its own, as environment variables. */
export async function createTestEnvironment(
  kind: DatabaseKind,
  extraEnv: Record<string, string> = {},
): Promise<TestEnvironment> {
  const dataDir = await makeTempDir();
  // Tests render what they need; the built-in catalogue is rendered only where a test asks for it.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WORKER_THREADS: '1',
    RENDER_CATALOG: 'false',
    ...extraEnv,
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  return {
    dataDir,
    env,
    async cleanup() {
      await dropDatabase?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestRuntime extends Runtime {
  environment: TestEnvironment;
  config: Config;
  /** Stops the runtime and removes its data. */
  destroy(): Promise<void>;
}

/** Starts a whole Bops runtime (database, queue, storage, app) in this process for one test file. */
export async function startTestRuntime(
  kind: DatabaseKind,
  options: { env?: Record<string, string>; role?: Role; start?: Partial<StartOptions> } = {},
): Promise<TestRuntime> {
  const environment = await createTestEnvironment(kind, options.env);
  const config = loadConfig(environment.env, options.role ?? 'all');
  const runtime = await startBops(config, { logger: silentLogger, ...options.start });
  return Object.assign(runtime, {
    environment,
    async destroy() {
      await runtime.stop();
      await environment.cleanup();
    },
  });
}
