import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    environment: 'node',
    testTimeout: 60_000,
    maxWorkers: '100%',
    // See apps/server/vitest.config.ts.
    execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
  },
});
