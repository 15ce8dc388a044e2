import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_ENV } from './e2e/support/admin-credentials';

/**
 * End-to-end tests against the production build (`npm run build` first), served on 127.0.0.1
 * with a fresh embedded database in a temporary folder. Playwright starts the server and stops it.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// Set once in the runner process; the workers it forks inherit it instead of making their own.
process.env.ORX_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orx-e2e-'));

// Debian's Chromium (these machines cannot download Playwright's own browser build).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    video: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: `npx next start -H 127.0.0.1 -p ${PORT}`,
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.ORX_E2E_DATA_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      // The e2e run always uses the embedded database, whatever the shell has set.
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      // A production server refuses to start without an admin login.
      ...E2E_ADMIN_ENV,
    },
  },
});
