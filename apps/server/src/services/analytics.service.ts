import type { AnalyticsRepository } from '../repositories/analytics.repository.ts';
import type { AnalyticsBatch } from '@bops/shared/api/analytics';

/** First-party analytics: events land in our own table; nothing goes to a third party. */
export class AnalyticsService {
  readonly #events: AnalyticsRepository;

  constructor(deps: { events: AnalyticsRepository }) {
    this.#events = deps.events;
  }

  async record(
    batch: AnalyticsBatch,
    context: { userId: string | null; userAgent: string },
  ): Promise<number> {
    const now = Date.now();
    await this.#events.insertMany(
      batch.events.map((event) => {
        // A client clock may be wrong: accept its time only within the last day.
        const at = event.at ? Date.parse(event.at) : now;
        return {
          name: event.name,
          userId: context.userId,
          anonymousId: event.anonymousId ?? null,
          sessionId: event.sessionId ?? null,
          path: event.path,
          payload: event.payload,
          userAgent: context.userAgent.slice(0, 1000),
          createdAt: new Date(at <= now && now - at < 86_400_000 ? at : now),
        };
      }),
    );
    return batch.events.length;
  }

  report(days: number) {
    return Promise.all([this.#events.countsPerDay(days), this.#events.funnel(days)]).then(
      ([perDay, funnel]) => ({ perDay, funnel }),
    );
  }
}
