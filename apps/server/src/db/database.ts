import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    await fs.mkdir(path.dirname(config.dir), { recursive: true });
    const client = await PGlite.create(config.dir);
    const db = drizzlePglite(client, { schema });
    return {
      kind: 'pglite',
      db: db as unknown as Database,
      queueConnection: { db: fromPglite(client), backend: 'pglite' },
      migrate: () => migratePglite(db, { migrationsFolder }),
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
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
