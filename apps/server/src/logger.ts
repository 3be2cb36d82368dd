import { pino, type Logger } from 'pino';
import type { Config } from './config/config.ts';

/** Structured logs (JSON lines, or readable lines on a terminal); secrets in headers never reach them. */
export function createLogger(config: Pick<Config, 'log'>): Logger {
  return pino({
    level: config.log.level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
    ...(config.log.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  });
}
