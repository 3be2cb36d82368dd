import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { analyticsEvents } from '../db/schema.ts';

export interface AnalyticsRow {
  name: string;
  userId: string | null;
  anonymousId: string | null;
  sessionId: string | null;
  path: string;
  payload: Record<string, unknown>;
  userAgent: string;
  createdAt: Date;
}

export class AnalyticsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insertMany(rows: AnalyticsRow[]): Promise<void> {
    if (rows.length > 0) await this.#db.insert(analyticsEvents).values(rows);
  }

  /** Events per UTC day and name, most recent first. */
  async countsPerDay(days: number): Promise<Array<{ day: string; name: string; count: number }>> {
    const result = await this.#db.execute(sql`
      select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, name, count(*)::int as count
      from analytics_events
      where created_at >= now() - make_interval(days => ${days})
      group by 1, 2 order by 1 desc, 3 desc`);
    return (result as unknown as { rows: Array<{ day: string; name: string; count: number }> }).rows;
  }

  /** People (signed-in user or anonymous id) at each step: landing → sign-in → first creation. */
  async funnel(days: number): Promise<{ landing: number; signIn: number; firstCreation: number }> {
    const result = await this.#db.execute(sql`
      with recent as (
        select coalesce(user_id, anonymous_id) as who, name, path from analytics_events
        where created_at >= now() - make_interval(days => ${days}) and coalesce(user_id, anonymous_id) is not null
      )
      select
        (select count(distinct who) from recent where name = 'page_view' and (path = '/' or path like '/welcome%'))::int as landing,
        (select count(distinct who) from recent where name = 'sign-in')::int as sign_in,
        (select count(distinct user_id) from creation_tasks where created_at >= now() - make_interval(days => ${days}))::int as first_creation`);
    const row = (
      result as unknown as { rows: Array<{ landing: number; sign_in: number; first_creation: number }> }
    ).rows[0]!;
    return { landing: row.landing, signIn: row.sign_in, firstCreation: row.first_creation };
  }
}
