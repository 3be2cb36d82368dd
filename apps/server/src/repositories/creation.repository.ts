import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { notices, creationTasks, musicItems, users, type MusicContext } from '../db/schema.ts';

/** The in-app notice that a song is ready; one per song, gone with the song. */
export const songReadyNoticeId = (musicId: string) => `song-ready-${musicId}`;

export type CreationTaskRow = typeof creationTasks.$inferSelect;

export interface NewCreation {
  taskId: string;
  musicId: string;
  userId: string;
  kind: 'rap' | 'song_cover';
  estimationSeconds: number;
  music: {
    name: string;
    author: string;
    contactEmail: string;
    lyricsText: string;
    prompt: string;
    context: MusicContext;
  };
}

export class DailyLimitReachedError extends Error {}

const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

/** The tasks that use up a person's daily creations: raps and covers started that day that did not fail. */
function countsToward(userId: string, day: string) {
  return and(
    eq(creationTasks.userId, userId),
    eq(creationTasks.createdDay, day),
    inArray(creationTasks.kind, ['rap', 'song_cover']),
    ne(creationTasks.status, 'failed'),
  );
}

export class CreationRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** How many creations the person has used today (UTC), counted as the limit counts them. */
  async usedToday(userId: string, now = new Date()): Promise<number> {
    const [{ used } = { used: 0 }] = await this.#db
      .select({ used: count() })
      .from(creationTasks)
      .where(countsToward(userId, utcDay(now)));
    return used;
  }

  /**
   * Records a creation (its song and its task) unless the person already started `limit` creations
   * today (UTC) that did not fail. The person's row is locked for the check, so parallel requests
   * are counted one after another and exactly the allowed number get through.
   */
  async createWithinDailyLimit(creation: NewCreation, limit: number): Promise<CreationTaskRow> {
    return this.#db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${users} where ${users.id} = ${creation.userId} for update`);
      const day = utcDay();
      const [{ used } = { used: 0 }] = await tx
        .select({ used: count() })
        .from(creationTasks)
        .where(countsToward(creation.userId, day));
      if (used >= limit) throw new DailyLimitReachedError();
      await tx.insert(musicItems).values({
        id: creation.musicId,
        ownerId: creation.userId,
        status: 'rendering',
        ...creation.music,
      });
      const [task] = await tx
        .insert(creationTasks)
        .values({
          id: creation.taskId,
          userId: creation.userId,
          kind: creation.kind,
          musicId: creation.musicId,
          status: 'queued',
          estimationSeconds: creation.estimationSeconds,
          createdDay: day,
        })
        .returning();
      return task!;
    });
  }

  async findTask(taskId: string): Promise<CreationTaskRow | null> {
    const [row] = await this.#db.select().from(creationTasks).where(eq(creationTasks.id, taskId));
    return row ?? null;
  }

  async findMusic(musicId: string) {
    const [row] = await this.#db.select().from(musicItems).where(eq(musicItems.id, musicId));
    return row ?? null;
  }

  async markRunning(taskId: string): Promise<void> {
    await this.#db
      .update(creationTasks)
      .set({ status: 'running', updatedAt: new Date() })
      .where(and(eq(creationTasks.id, taskId), ne(creationTasks.status, 'completed')));
  }

  async reportProgress(taskId: string, phase: string, progress: number): Promise<void> {
    await this.#db
      .update(creationTasks)
      .set({ phase, progress, updatedAt: new Date() })
      .where(and(eq(creationTasks.id, taskId), eq(creationTasks.status, 'running')));
  }

  /**
   * The song is ready: its files, the task completed, and an in-app notice for its owner, all at once. The notice
   * is keyed by the song, so a retry after a crash cannot add a second one.
   */
  async completeRender(
    taskId: string,
    musicId: string,
    files: { srcKey: string; lyricsKey: string | null; waveformKey: string; durationSeconds: number },
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const [song] = await tx
        .update(musicItems)
        .set({ ...files, status: 'ready', updatedAt: new Date() })
        .where(eq(musicItems.id, musicId))
        .returning({ name: musicItems.name, ownerId: musicItems.ownerId });
      if (song?.ownerId) {
        await tx
          .insert(notices)
          .values({
            id: songReadyNoticeId(musicId),
            userId: song.ownerId,
            kind: 'song_ready',
            text: `Your song "${song.name}" is ready.`,
            link: `/listen/${musicId}`,
          })
          .onConflictDoNothing();
      }
      await tx
        .update(creationTasks)
        .set({
          status: 'completed',
          phase: 'completed',
          progress: 1,
          completedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(creationTasks.id, taskId));
    });
  }

  /**
   * A failed creation gives its daily slot back (the count skips failed tasks), and its song fails with it.
   * Only a task still queued or running fails, so a finished one stays finished; true when this call
   * failed it.
   */
  async fail(taskId: string, reason: string): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const [task] = await tx
        .update(creationTasks)
        .set({ status: 'failed', error: reason, completedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(creationTasks.id, taskId), inArray(creationTasks.status, ['queued', 'running'])))
        .returning({ musicId: creationTasks.musicId });
      if (!task) return false;
      if (task.musicId)
        await tx
          .update(musicItems)
          .set({ status: 'failed', updatedAt: new Date() })
          .where(and(eq(musicItems.id, task.musicId), eq(musicItems.status, 'rendering')));
      return true;
    });
  }

  /** Creations of `kind` still queued or running, oldest first, for the sweeper. */
  async listUnfinished(kind: CreationTaskRow['kind'], limit = 1000): Promise<Array<{ id: string }>> {
    return this.#db
      .select({ id: creationTasks.id })
      .from(creationTasks)
      .where(and(eq(creationTasks.kind, kind), inArray(creationTasks.status, ['queued', 'running'])))
      .orderBy(asc(creationTasks.createdAt))
      .limit(limit);
  }
}
