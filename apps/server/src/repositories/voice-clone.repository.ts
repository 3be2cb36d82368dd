import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { notices, voiceClones } from '../db/schema.ts';

/** The in-app notice that an AI singer is ready; one per AI singer, gone with it. */
export const voiceReadyNoticeId = (voiceCloneId: string) => `voice-ready-${voiceCloneId}`;

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

  /**
   * Records the phase a build has reached, in the row's analysis (replaced by the finished analysis when it is
   * ready), only while it is still being built.
   */
  async reportBuildPhase(id: string, phase: string): Promise<void> {
    await this.#db
      .update(voiceClones)
      .set({
        analysis: sql`coalesce(${voiceClones.analysis}, '{}'::jsonb) || jsonb_build_object('buildPhase', ${phase}::text)`,
      })
      .where(and(eq(voiceClones.id, id), eq(voiceClones.status, 'processing')));
  }

  /** Fails an AI singer that is still being built (one already ready stays so); true when this call did. */
  async failProcessing(id: string, reason: string): Promise<boolean> {
    const rows = await this.#db
      .update(voiceClones)
      .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
      .where(and(eq(voiceClones.id, id), eq(voiceClones.status, 'processing')))
      .returning({ id: voiceClones.id });
    return rows.length > 0;
  }

  /** AI singers still being built, oldest first, for the sweeper. */
  async listProcessing(limit = 1000): Promise<Array<{ id: string }>> {
    return this.#db
      .select({ id: voiceClones.id })
      .from(voiceClones)
      .where(eq(voiceClones.status, 'processing'))
      .orderBy(asc(voiceClones.createdAt))
      .limit(limit);
  }

  /** Deletes the AI singer with its "is ready" notice, which must not outlive it. */
  async delete(id: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.delete(voiceClones).where(eq(voiceClones.id, id));
      await tx.delete(notices).where(eq(notices.id, voiceReadyNoticeId(id)));
    });
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
