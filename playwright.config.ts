import { defineConfig } from '@playwright/test';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS } from './tests/e2e/support/chromium-flags';

/**
 * E2E tests run in Chromium against the real server (built client + API + a fresh PGlite database).
 * The browser: CHROMIUM_PATH, then /usr/bin/chromium (Debian's), then Playwright's own install.
 * Set E2E_BASE_URL to test a server that is already running instead.
 */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

const executablePath = chromiumPath();
if (!executablePath && !process.env.PLAYWRIGHT_BROWSERS_PATH) {
  console.warn(
    'No Chromium found at CHROMIUM_PATH or /usr/bin/chromium. Install one with ' +
      '`apt-get install -y chromium` (Debian) or set CHROMIUM_PATH; falling back to Playwright’s own browser.',
  );
}

const port = Number(process.env.E2E_PORT ?? 8191);
const dataDir = path.resolve(`test-results/e2e-data-${port}`);
const externalBaseUrl = process.env.E2E_BASE_URL;
// Playwright loads this file in the runner and again in every worker: only the runner, before it
// starts the server, may wipe the data folder.
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
if (isRunner && !externalBaseUrl && !process.env.E2E_KEEP_DATA) {
  rmSync(dataDir, { recursive: true, force: true });
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: `test-results/e2e-artifacts-${port}`,
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'npx tsx server/server.ts',
        url: `http://127.0.0.1:${port}/api/v1/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'warn',
          CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist',
          // The suite signs up far more accounts from one address than a person would.
          RATE_LIMIT_REGISTRATION: '1000/3600',
          // And uploads more files an hour than MAX_UPLOADS_PER_HOUR lets one user.
          MAX_UPLOADS_PER_HOUR: '1000000',
        },
      },
});
