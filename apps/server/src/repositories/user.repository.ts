import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { creationTasks, users, voiceClones } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type VoiceCloneRow = typeof voiceClones.$inferSelect;

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  dob: string;
}

export class UserRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.#db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  async updateProfile(id: string, changes: ProfileChanges): Promise<UserRow | null> {
    const [row] = await this.#db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  /** Sets the custom photo and returns the key it replaced (to delete). */
  async replaceCustomPhoto(id: string, key: string): Promise<string | null> {
    const [before] = await this.#db.select({ key: users.customPhotoKey }).from(users).where(eq(users.id, id));
    await this.#db.update(users).set({ customPhotoKey: key, updatedAt: new Date() }).where(eq(users.id, id));
    return before?.key ?? null;
  }

  async voiceClonesOf(userId: string): Promise<VoiceCloneRow[]> {
    return this.#db
      .select()
      .from(voiceClones)
      .where(eq(voiceClones.userId, userId))
      .orderBy(desc(voiceClones.createdAt));
  }

  /** Creations queued or rendering now (the header's process indicator). */
  async countCreationsInProgress(userId: string): Promise<number> {
    const rows = await this.#db
      .select({ id: creationTasks.id })
      .from(creationTasks)
      .where(
        and(
          eq(creationTasks.userId, userId),
          inArray(creationTasks.status, ['queued', 'running']),
          isNull(creationTasks.completedAt),
        ),
      );
    return rows.length;
  }
}
