import { defineConfig } from 'vitest/config';

// Every project runs a file per core. Vitest's default is one core fewer, a single file at a time on
// a two-core machine, and a root `maxWorkers` does not reach the projects, so each sets its own
// (they must agree).
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web',
      // The lint rules' own tests: each layer rule fires on what it forbids (eslint.config.test.ts).
      {
        test: {
          name: 'lint',
          include: ['eslint.config.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          maxWorkers: '100%',
        },
      },
    ],
  },
});
