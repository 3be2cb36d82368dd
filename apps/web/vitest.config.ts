import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // jsdom renders of lazy pages are slow on a busy two-core machine; a timeout here is not a failure of the page.
    testTimeout: 30_000,
    maxWorkers: '100%',
  },
});
