import { ANALYTICS_EVENT_NAMES, TRACKING_DEFAULTS } from '../analytics-events.ts';
import { z } from 'zod';

/** Fields an event's payload may have, its six standard ones included. */
export const ANALYTICS_PAYLOAD_MAX_KEYS = 20;
/** An event as stored (its JSON), at most this many characters; a bigger one is refused, not cut. */
export const ANALYTICS_EVENT_MAX_CHARS = 4096;
const PAYLOAD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

const trackingPayload = z
  .object({
    contentId: z.string().max(200).default(''),
    contentType: z.string().max(60).default(TRACKING_DEFAULTS.contentType),
    contentName: z.string().max(300).default(''),
    value: z.number().finite().default(TRACKING_DEFAULTS.value),
    currency: z.string().max(8).default(TRACKING_DEFAULTS.currency),
    description: z.string().max(1000).default(''),
  })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean()]))
  .refine((payload) => Object.keys(payload).length <= ANALYTICS_PAYLOAD_MAX_KEYS, {
    message: `An analytics event carries at most ${ANALYTICS_PAYLOAD_MAX_KEYS} fields`,
  })
  .refine((payload) => Object.keys(payload).every((key) => PAYLOAD_KEY.test(key)), {
    message: 'Analytics field names are letters, digits and underscores, at most 40',
  });

const analyticsEvent = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES, { message: 'Unknown analytics event' }),
    payload: trackingPayload.default({
      contentId: '',
      contentType: TRACKING_DEFAULTS.contentType,
      contentName: '',
      value: TRACKING_DEFAULTS.value,
      currency: TRACKING_DEFAULTS.currency,
      description: '',
    }),
    path: z.string().max(2000).default(''),
    anonymousId: z.string().max(100).optional(),
    sessionId: z.string().max(100).optional(),
    at: z.string().datetime().optional(),
  })
  .refine((event) => JSON.stringify(event).length <= ANALYTICS_EVENT_MAX_CHARS, {
    message: `An analytics event is at most ${ANALYTICS_EVENT_MAX_CHARS} characters`,
  });

/** A batch from the browser (sent with fetch or navigator.sendBeacon). */
export const analyticsBatchBody = z.object({
  events: z.array(analyticsEvent).min(1).max(50),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchBody>;

/** What `analytics/events` answers (202): how many of the batch's events were kept. */
export const analyticsReceiptSchema = z.object({ stored: z.number().int().nonnegative() });
