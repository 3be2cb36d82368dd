import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'engine', environment: 'node', testTimeout: 60_000, maxWorkers: '100%' },
});
