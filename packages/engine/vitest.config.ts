import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    environment: 'node',
    testTimeout: 60_000,
    maxWorkers: '100%',
    // As in every Bops process: see apps/server/src/workers/wasm-wrappers.ts.
    execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
  },
});
