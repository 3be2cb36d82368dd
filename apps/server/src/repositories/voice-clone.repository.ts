import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { notices, voiceClones } from '../db/schema.ts';

export type VoiceCloneRow = typeof voiceClones.$inferSelect;

export class VoiceCloneRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insert(row: typeof voiceClones.$inferInsert): Promise<VoiceCloneRow> {
    const [inserted] = await this.#db.insert(voiceClones).values(row).returning();
    return inserted!;
  }

  async findById(id: string): Promise<VoiceCloneRow | null> {
    const [row] = await this.#db.select().from(voiceClones).where(eq(voiceClones.id, id));
    return row ?? null;
  }

  /** The voice clone when `userId` owns it; null otherwise (someone else's is as good as missing). */
  async findOwned(userId: string, id: string): Promise<VoiceCloneRow | null> {
    const [row] = await this.#db
      .select()
      .from(voiceClones)
      .where(and(eq(voiceClones.id, id), eq(voiceClones.userId, userId)));
    return row ?? null;
  }

  async update(id: string, changes: Partial<typeof voiceClones.$inferInsert>): Promise<VoiceCloneRow | null> {
    const [row] = await this.#db
      .update(voiceClones)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(voiceClones.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.#db.delete(voiceClones).where(eq(voiceClones.id, id));
  }

  async addNotice(row: {
    id: string;
    userId: string;
    kind: string;
    text: string;
    link: string;
  }): Promise<void> {
    await this.#db.insert(notices).values(row).onConflictDoNothing();
  }
}
