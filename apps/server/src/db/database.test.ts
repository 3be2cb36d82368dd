import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createTestEnvironment, testDatabaseKinds, type TestEnvironment } from '../test/test-runtime.ts';
import { migrationsCurrent, openDatabase, type DatabaseHandle } from './database.ts';

describe.each(testDatabaseKinds)('migrations on %s', (kind) => {
  let environment: TestEnvironment | null = null;
  let database: DatabaseHandle | null = null;
  afterEach(async () => {
    await database?.close();
    await environment?.cleanup();
    database = null;
    environment = null;
  });

  it('are run on an empty database, skipped once the newest is applied, and run again when one is missing', async () => {
    environment = await createTestEnvironment(kind);
    database = await openDatabase(loadConfig(environment.env, 'all').database);
    expect(await migrationsCurrent(database.db)).toBe(false);
    await database.migrate();
    expect(await migrationsCurrent(database.db)).toBe(true);
    // A restart: nothing to do, and the schema is there.
    await database.migrate();
    await database.db.execute(sql`select count(*) from users`);
    // A newer migration in the folder than in the database: the migrator runs.
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await migrationsCurrent(database.db)).toBe(false);
  });
});
