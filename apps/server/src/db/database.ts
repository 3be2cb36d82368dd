import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import type { ConstructorOptions } from 'pg-boss';
import type { Config } from '../config/config.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle the repositories use, and how the job queue reaches the same data. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Connection settings for pg-boss on this same database. */
  queueConnection: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
  migrate(): Promise<void>;
  /**
   * Follows the announcements of committed changes to songs, playlists and sessions (migration 0002). `live(false)`
   * when they may have been missed (a dropped connection), `live(true)` once they arrive again. Resolves to
   * a stop function.
   */
  watchReadChanges(handlers: ReadChangeHandlers): Promise<() => Promise<void>>;
  /** The change announcements of a write reach `watchReadChanges` before the write's own query returns. */
  announcesChangesBeforeAnswering: boolean;
  /** A consistent copy of the embedded database's files (a gzipped tar), taken while it runs; PGlite only. */
  snapshot?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface ReadChangeHandlers {
  /** Songs or playlists changed. */
  change(): void;
  /** The like or listen counts of one song changed. */
  countsChange(musicId: string): void;
  /** A session ended (signed out, revoked, its account terminated). */
  sessionEnd(sessionId: string): void;
  live(isLive: boolean): void;
}

export const READ_CHANGE_CHANNEL = 'bops_read_change';
export const COUNT_CHANGE_CHANNEL = 'bops_count_change';
export const SESSION_END_CHANNEL = 'bops_session_end';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The embedded database's buffer pool. */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * True when the newest migration of the folder is applied already: the migrator's own test (the newest applied
 * migration is at least as recent as the folder's newest), without the migrator's schema statements and the
 * reading and hashing of every migration file, which a restart would otherwise pay for nothing.
 */
export async function migrationsCurrent(db: Database): Promise<boolean> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [table] = await rows<{ found: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!table?.found) return false;
  const [applied] = await rows<{ newest: string | number | null }>(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return applied?.newest !== null && applied?.newest !== undefined && Number(applied.newest) >= newest;
}

export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    await fs.mkdir(path.dirname(config.dir), { recursive: true });
    const client = await PGlite.create(config.dir, {
      // PostgreSQL's default 128 MB of shared buffers are zeroed in WebAssembly memory at every start (a tenth of
      // a warm start, and resident for good); the operating system caches the files behind a smaller pool.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = drizzlePglite(client, { schema });
    return {
      kind: 'pglite',
      db: db as unknown as Database,
      queueConnection: { db: fromPglite(client), backend: 'pglite' },
      migrate: async () => {
        if (!(await migrationsCurrent(db))) await migratePglite(db, { migrationsFolder });
      },
      // One process owns the embedded database, and it delivers a notification with the query that caused it.
      announcesChangesBeforeAnswering: true,
      watchReadChanges: async (handlers) => {
        const unlisten = [
          await client.listen(READ_CHANGE_CHANNEL, () => handlers.change()),
          await client.listen(COUNT_CHANGE_CHANNEL, (musicId) => handlers.countsChange(musicId)),
          await client.listen(SESSION_END_CHANNEL, (sessionId) => handlers.sessionEnd(sessionId)),
        ];
        handlers.live(true);
        return async () => {
          handlers.live(false);
          for (const stop of unlisten) await stop();
        };
      },
      // PGlite runs one statement at a time; the dump is taken between two, so it is a consistent state.
      snapshot: async () => new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax });
  // A dropped idle connection must not crash the process; the pool replaces it on the next query.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    queueConnection: { connectionString: config.url, max: Math.max(2, Math.ceil(config.poolMax / 2)) },
    migrate: async () => {
      if (!(await migrationsCurrent(db as unknown as Database))) await migratePg(db, { migrationsFolder });
    },
    watchReadChanges: (handlers) => watchPostgresChanges(config.url, handlers),
    announcesChangesBeforeAnswering: false,
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a connection of its own. When it drops, whatever was announced meanwhile is lost, so the cache is
 * told it is not live until a new connection listens again; retries back off up to 10 s.
 */
async function watchPostgresChanges(url: string, handlers: ReadChangeHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = 250;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = null;
      handlers.live(false);
      void next.end().catch(() => {});
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === READ_CHANGE_CHANNEL) handlers.change();
      else if (message.channel === COUNT_CHANGE_CHANNEL && message.payload) {
        handlers.countsChange(message.payload);
      } else if (message.channel === SESSION_END_CHANNEL && message.payload) {
        handlers.sessionEnd(message.payload);
      }
    });
    client = next;
    try {
      await next.connect();
      await next.query(
        `LISTEN ${READ_CHANGE_CHANNEL}; LISTEN ${COUNT_CHANGE_CHANNEL}; LISTEN ${SESSION_END_CHANNEL}`,
      );
    } catch (error) {
      lost();
      throw error;
    }
    if (stopped) return;
    delayMs = 250;
    handlers.live(true);
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => {});
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 10_000);
  };
  // Start-up does not wait for it: until it listens, reads simply go to the database.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    handlers.live(false);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/** Writes an embedded database directory from a snapshot (`DatabaseHandle.snapshot`); the directory must not exist. */
export async function restoreEmbeddedDatabase(dir: string, snapshot: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, { loadDataDir: new Blob([snapshot]) });
  await client.close();
}
