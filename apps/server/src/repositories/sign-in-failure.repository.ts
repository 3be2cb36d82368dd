import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';

/** Keys in the rate-limit table that belong to sign-in failures per account (the auth library's are per address). */
const KEY_PREFIX = 'account-sign-in:';
/** Keys that count password-reset mails per account, so nobody floods a person's inbox from many addresses. */
export const PASSWORD_RESET_KEY_PREFIX = 'account-password-reset:';

/**
 * Failed sign-ins per account in fixed windows, kept in the database so every API process counts the
 * same attempts. `lastRequest` holds the start of the current window.
 */
export class SignInFailureRepository {
  readonly #db: Database;
  readonly #prefix: string;

  constructor(db: Database, prefix = KEY_PREFIX) {
    this.#db = db;
    this.#prefix = prefix;
  }

  /**
   * Counts one attempt against the account, atomically, before it is tried: parallel attempts each get
   * their own number, so a burst cannot slip past the limit together.
   */
  async reserve(
    account: string,
    windowMs: number,
    now = Date.now(),
  ): Promise<{ count: number; windowStart: number }> {
    const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
    const [row] = await this.#db
      .insert(rateLimits)
      .values({ id: randomUUID(), key: this.#prefix + account, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
    return { count: row!.count, windowStart: Number(row!.windowStart) };
  }

  /** Gives back an attempt that turned out not to be a wrong password (refused for another reason). */
  async release(account: string): Promise<void> {
    await this.#db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, this.#prefix + account));
  }

  /** A successful sign-in forgets the earlier failures. */
  async clear(account: string): Promise<void> {
    await this.#db.delete(rateLimits).where(eq(rateLimits.key, this.#prefix + account));
  }
}
