import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  role: z.enum(['all', 'api', 'worker']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
