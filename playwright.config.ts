import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeVoicePath } from './apps/web/e2e/fixtures/make-voice-wav.ts';

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
const idpPort = port + 10;
// Set once by the runner and inherited by its workers, which read the outbox there (fixtures/outbox.ts).
const dataDir = (process.env.BOPS_E2E_DATA_DIR ??= path.join(os.tmpdir(), `bops-e2e-${process.pid}`));

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
  projects: [
    { name: 'default', testIgnore: ['apps/web/e2e/voice-cloning.spec.ts'] },
    { name: 'fake-voice', testMatch: ['apps/web/e2e/fixtures/fake-voice.setup.ts'] },
    {
      // Chromium's fake microphone plays a voice-like WAV the setup project writes, so recording can be tested.
      name: 'fake-microphone',
      testMatch: ['apps/web/e2e/voice-cloning.spec.ts'],
      dependencies: ['fake-voice'],
      use: {
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            ...chromiumArgs,
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-audio-capture=${fakeVoicePath}`,
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // A real OpenID provider on loopback that Bops uses as "Google".
      command: 'node apps/server/src/test/e2e-identity-provider.ts',
      url: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { IDP_PORT: String(idpPort), BOPS_URL: `http://localhost:${port}` },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The built app, started the way `npm start` starts it (the build runs before the tests).
      command: `rm -rf ${dataDir} && node apps/server/src/main.ts`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RENDER_CATALOG: 'false',
        LOCAL_ACCOUNTS: 'true',
        GOOGLE_CLIENT_ID: 'bops-test',
        GOOGLE_CLIENT_SECRET: 'bops-test-secret-0123456789',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
        SIGN_IN_RATE_LIMIT: '1000',
        // Song links need yt-dlp, which CI does not install: the tests see a server without it, wherever they run.
        YTDLP_PATH: '/nonexistent/yt-dlp',
        // Set by .ci/run for a second pass on PostgreSQL (an empty database of its own).
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
