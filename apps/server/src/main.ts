import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Role } from './config/config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { createLogger } from './logger.ts';
import { startBops } from './runtime.ts';

const roles: Role[] = ['all', 'api', 'worker'];
const requested = process.argv[2] ?? 'all';
if (!roles.includes(requested as Role)) {
  process.stderr.write(`Unknown role "${requested}": expected one of ${roles.join(', ')}\n`);
  process.exit(2);
}

let config;
try {
  config = loadConfig(process.env, requested as Role);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
try {
  const runtime = await startBops(config, { logger, listen: true });
  logger.info(
    { role: config.role, url: config.role === 'worker' ? undefined : config.publicUrl },
    'Bops is running',
  );
  closeWithGrace({ delay: config.shutdownTimeoutMs + 5_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'stopping after an unexpected error');
    else logger.info({ signal }, 'stopping');
    await runtime.stop();
  });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'Bops could not start');
  process.exit(1);
}
