/**
 * Node labels WASI experimental once in every thread that loads it. The engine's voices run on WASI, and
 * that notice says nothing to whoever runs Bops, so each thread's warning handler drops it (and prints or
 * logs every other warning its own way).
 */
export const isWasiNotice = (warning: Error): boolean =>
  warning.name === 'ExperimentalWarning' && /WASI/.test(warning.message);
