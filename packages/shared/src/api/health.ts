import { z } from 'zod';

const check = z.enum(['ok', 'failing']);

export const healthResponse = z.object({
  /** `ok` when every part this process needs answers; otherwise `failing` (and HTTP 503). */
  status: z.enum(['ok', 'failing']),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  role: z.enum(['all', 'api', 'worker']),
  /** Each part on its own, so an operator sees which one is down. */
  checks: z.object({ database: check, storage: check, queue: check }),
  /** Optional tools: song links need yt-dlp; mail goes out by SMTP or into the outbox directory. */
  tools: z.object({ ytDlp: z.enum(['available', 'missing']), mail: z.enum(['smtp', 'outbox']) }),
});
export type HealthResponse = z.infer<typeof healthResponse>;
