import { pino, type Logger } from 'pino';
import type { Config } from './config/config.ts';

/** Structured JSON logs; secrets in headers never reach them. */
export function createLogger(config: Pick<Config, 'log'>): Logger {
  return pino({
    level: config.log.level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
    ...(config.log.pretty ? { transport: { target: 'pino-pretty' } } : {}),
  });
}
