import module from 'node:module';
import type { Role } from './config/config.ts';

// Node keeps the compiled code of every module it loads in a cache on disk (the system's temporary directory,
// or NODE_COMPILE_CACHE), so a restart skips parsing and compiling them again: a large share of start-up.
module.enableCompileCache?.();
// Before any WebAssembly is instantiated: the database, the CPU threads' voices and DSP.
const { keepGenericWasmWrappers } = await import('./workers/wasm-wrappers.ts');
keepGenericWasmWrappers();
const { registerPackageTypeHooks } = await import('./package-type-hooks.ts');
registerPackageTypeHooks();
const { ConfigError, loadConfig } = await import('./config/config.ts');

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

// Everything heavy loads only once the configuration is known to be good.
const [
  { default: closeWithGrace },
  { DataDirLockedError },
  { createLogger },
  { startBops },
  { isWasiNotice },
] = await Promise.all([
  import('close-with-grace'),
  import('./db/data-dir-lock.ts'),
  import('./logger.ts'),
  import('./runtime.ts'),
  import('@bops/engine/catalog'),
]);

const logger = createLogger(config);
// Runtime warnings go to the structured log instead of bare stderr lines. The engine's voices run on
// WASI, which Node still labels experimental on every start; that one says nothing to an operator.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (isWasiNotice(warning)) return;
  logger.warn({ warning: { name: warning.name, message: warning.message } }, 'runtime warning');
});

// Bops answers requests before start-up has finished (the backup socket, the catalogue), so a signal in that
// window must already stop it cleanly rather than end the process with Node's default handler.
// The log opens with the address, logged as Bops starts listening: requests are logged from then on.
const announce = () =>
  logger.info({ role: config.role, url: config.publicUrl }, `Bops is running at ${config.publicUrl}`);
const starting = startBops(config, { logger, listen: true, onListening: announce });
closeWithGrace({ delay: config.shutdownTimeoutMs + 5_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an unexpected error');
  else logger.info({ signal }, 'stopping');
  // A start that failed has cleaned up after itself and is reported below.
  const runtime = await starting.catch(() => null);
  await runtime?.stop();
});
try {
  await starting;
  if (config.role === 'worker') logger.info({ role: config.role }, 'Bops is running (job workers)');
  else logger.debug('start-up finished');
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'Bops could not start');
  process.exit(1);
}
