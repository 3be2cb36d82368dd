import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: '100%',
    // V8 frees the wrappers it compiles for WebAssembly's calls into JavaScript from a cache every
    // thread shares, and in Node 24 that can abort the process (nodejs/node#64500: "Check failed:
    // jit_page_->allocations_.erase(addr) == 1" under PGlite's churn; two CI runs of two here).
    // The generic wrapper is kept instead.
    execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
  },
});
