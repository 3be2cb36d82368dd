import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web',
      // The lint rules' own tests: each layer rule fires on what it forbids (eslint.config.test.ts).
      {
        test: { name: 'lint', include: ['eslint.config.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
    ],
  },
});
