import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { appSettings } from '../db/schema.ts';

export class SettingsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Returns the stored value, creating it on first use; concurrent first uses agree on one value. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.#db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
    const [row] = await this.#db.select().from(appSettings).where(eq(appSettings.key, key));
    return row!.value;
  }

  /** The session signing secret, from AUTH_SECRET or generated once per installation. */
  async authSecret(configured: string | null): Promise<string> {
    return configured ?? this.getOrCreate('auth_secret', () => randomBytes(48).toString('base64url'));
  }
}
