import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium; the flags keep it from reaching out to the network at start. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `bops-e2e-${process.pid}`);

export default defineConfig({
  testDir: '.',
  testMatch: ['apps/web/e2e/**/*.spec.ts'],
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    // The built app, started the way `npm start` starts it (the build runs before the tests).
    command: `rm -rf ${dataDir} && node apps/server/src/main.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
