import { z } from 'zod';

/** A crash report from the web app's error boundary. */
export const crashReportBody = z.object({
  message: z.string().trim().min(1).max(2000),
  componentStack: z.string().max(20_000).default(''),
  url: z.string().max(2000).default(''),
  userAgent: z.string().max(1000).default(''),
});
export type CrashReportBody = z.infer<typeof crashReportBody>;
/** What the web app's error boundary sends. */
export type CrashReport = z.input<typeof crashReportBody>;
/** What `crash-reports` answers (201). */
export const crashReceiptSchema = z.object({ received: z.literal(true) });

/** `GET /api/music/processes`: the person's renders still running. */
export const processCountSchema = z.object({ count: z.number().int() });
export type ProcessCount = z.infer<typeof processCountSchema>;
