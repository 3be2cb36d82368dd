import { defineProject } from 'vitest/config';
import { GENERIC_WASM_WRAPPERS_FLAG } from './src/workers/wasm-wrappers.ts';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: '100%',
    // As in every Bops process (see src/workers/wasm-wrappers.ts): the test processes aborted under
    // PGlite's churn in two CI runs of two.
    execArgv: [GENERIC_WASM_WRAPPERS_FLAG],
  },
});
