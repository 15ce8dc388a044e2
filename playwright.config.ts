import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import type { CpuSlowdownOptions } from './e2e/support/cpu-slowdown';
import { E2E_ADMIN_ENV } from './e2e/support/admin-credentials';
import { E2E_CHECKOUT_ENV } from './e2e/support/checkout-keys';
import { WEBHOOK_TEST_SECRET } from './tests/support/webhook-receiver';
import {
  ADMIN_SHOP_PORT,
  ADMIN_WEBHOOK_URL,
  ADMIN_SHOP_URL,
  BASE_URL,
  BROKEN_DATABASE_PORT,
  BROKEN_DATABASE_URL,
  CATALOGUE_SHOP_PORT,
  CATALOGUE_SHOP_URL,
  CHECKOUT_SHOP_PORT,
  CHECKOUT_SHOP_URL,
  LARGE_CATALOGUE_SIZE,
  LOCAL_CHAIN_PORT,
  LOCAL_CHAIN_URL,
  MAILBOX_URL,
  PORT,
  PRICE_SERVICE_URL,
  READY_PORT_VAR,
  SERVERS_READY_PORT,
  SERVERS_READY_URL,
  SERVERS_VAR,
  SMTP_URL,
  type E2eServer,
} from './e2e/support/servers';

/**
 * End-to-end tests against the production build (`npm run build:e2e` first), served on 127.0.0.1
 * with a fresh embedded database in a temporary folder. Playwright starts the server and stops it.
 */

export { BASE_URL };

// Set once in the runner process; the workers it forks inherit them instead of making their own.
process.env.ORX_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orx-e2e-'));
process.env.ORX_E2E_ADMIN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orx-e2e-admin-'));
process.env.ORX_E2E_CHECKOUT_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orx-e2e-checkout-'));
// Where the workers share what they know of each shop's owner (e2e/support/admin.ts), and the run's
// image of a shop's data folder (e2e/support/run-image.ts; `npm test` sets it to make the image early).
process.env.ORX_E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orx-e2e-run-'));
process.env.ORX_E2E_CATALOGUE_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'orx-e2e-catalogue-'));

// Playwright matches these against the absolute path: only the file name may decide (a checkout
// folder named wt-checkout-… would otherwise send every spec to the checkout project).
/** The specs that change the catalogue run against their own shop, so counts elsewhere hold. */
const ADMIN_SPECS = /[\\/]admin[^\\/]*\.spec\.ts$/;
/** The real-payment specs run against the shop that takes payments on the local chain. */
const CHECKOUT_SPECS = /[\\/]checkout[^\\/]*\.spec\.ts$/;
/**
 * The watchlist (issue 52) on the checkout shop: it mails, and each test is a client of its own
 * there (e2e/support/shopper.ts), so repeats stay within the alerts asked per client.
 */
const WATCHLIST_SPEC = /[\\/]watchlist\.spec\.ts$/;
/** The flows run again on a generated catalogue of thousands of watches (issue 34). */
const LARGE_CATALOGUE_SPEC = /[\\/]large-catalogue\.spec\.ts$/;
/** The controls pressed the moment they are visible, run again on a slowed CPU. */
const PRESSES_AT_ONCE_SPEC = /[\\/]presses-at-once\.spec\.ts$/;
/**
 * Two instances and their 2-second bound: run last, alone, as DESIGN's bound is for instances
 * that have their CPU. Beside the other projects, on two cores, the renderings they wait for
 * queue behind every other server's and browser's work.
 */
const INSTANCES_SPEC = /[\\/]instances\.spec\.ts$/;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Chromium's headless shell (Debian's chromium-headless-shell), the build Playwright itself runs
    // headless Chromium on: the same Blink and V8 as the browser without the desktop browser around
    // them, so every test costs less CPU on these two-core machines (docs/testing.md, "Where the
    // time goes"). Lighthouse and the benchmark keep the whole browser (CHROMIUM_PATH).
    executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

/**
 * What both shop servers share: the stand-in price service, so USD values are predictable, and
 * the admin login a production server refuses to start without.
 */
const shopEnvironment = {
  NEXT_TELEMETRY_DISABLED: '1',
  PRICE_API_URL: PRICE_SERVICE_URL,
  PRICE_API_KEY: 'e2e-price-key',
  ...E2E_ADMIN_ENV,
};

/**
 * The run's servers. They answer what the test machines cannot reach: the price service is a local
 * stand-in, a second shop points at a database address where nothing listens, and a local chain
 * stands in for Devnet for the shop that takes real payments. e2e/support/start-servers.ts starts
 * them side by side (Playwright would start them one after another); `after` names a server that
 * must answer first: every shop finds the price service up, as when they started in this order.
 */
const servers: E2eServer[] = [
  {
    name: 'price service',
    command: `npx tsx e2e/support/price-service.ts`,
    url: `${PRICE_SERVICE_URL}/health`,
    timeoutMs: 30_000,
  },
  {
    name: 'mailbox',
    command: `npx tsx e2e/support/mailbox-server.ts`,
    url: `${MAILBOX_URL}/health`,
    timeoutMs: 30_000,
  },
  {
    name: 'shop',
    after: 'price service',
    command: `node dist/server.mjs -H 127.0.0.1 -p ${PORT}`,
    // Waits until the database is open, so no test pays for creating it.
    url: `${BASE_URL}/api/health`,
    timeoutMs: 120_000,
    showOutput: true,
    env: {
      ...shopEnvironment,
      DATA_DIR: process.env.ORX_E2E_DATA_DIR,
      // The e2e run always uses the embedded database, whatever the shell has set.
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    },
  },
  {
    name: 'admin shop',
    after: 'price service',
    command: `node dist/server.mjs -H 127.0.0.1 -p ${ADMIN_SHOP_PORT}`,
    url: `${ADMIN_SHOP_URL}/api/health`,
    timeoutMs: 120_000,
    env: {
      ...shopEnvironment,
      DATA_DIR: process.env.ORX_E2E_ADMIN_DATA_DIR,
      // Order events go to the endpoint admin-order-messages.spec.ts runs, checked every second.
      ORDER_WEBHOOK_URL: ADMIN_WEBHOOK_URL,
      ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET,
      SETTLEMENT_INTERVAL_S: '1',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    },
  },
  {
    // The error states: Supabase settings naming 127.0.0.1:9 (discard), where nothing answers.
    name: 'broken-database shop',
    after: 'price service',
    command: `node dist/server.mjs -H 127.0.0.1 -p ${BROKEN_DATABASE_PORT}`,
    url: `${BROKEN_DATABASE_URL}/`,
    timeoutMs: 120_000,
    env: {
      ...shopEnvironment,
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'unreachable-anon-key',
      SUPABASE_SERVICE_ROLE_KEY: 'unreachable-service-key',
    },
  },
  {
    // The catalogue is made before the shop opens the folder: one process at a time may.
    name: 'catalogue shop',
    after: 'price service',
    command: `npm run --silent catalogue:generate -- ${LARGE_CATALOGUE_SIZE} && node dist/server.mjs -H 127.0.0.1 -p ${CATALOGUE_SHOP_PORT}`,
    url: `${CATALOGUE_SHOP_URL}/api/health`,
    timeoutMs: 180_000,
    // Used by large-catalogue.spec.ts alone, which waits for it: the other tests start meanwhile.
    startsBesideTests: true,
    env: {
      ...shopEnvironment,
      DATA_DIR: process.env.ORX_E2E_CATALOGUE_DATA_DIR,
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    },
  },
  {
    name: 'local chain',
    command: 'npx tsx tests/support/local-chain-server.ts',
    url: `${LOCAL_CHAIN_URL}/health`,
    timeoutMs: 60_000,
    env: { LOCAL_CHAIN_PORT: String(LOCAL_CHAIN_PORT) },
  },
  {
    // Its USDC is made on the local chain first: the shop checks it at start.
    name: 'checkout shop',
    after: 'local chain',
    command: `npx tsx e2e/support/usdc-mint.ts && node dist/server.mjs -H 127.0.0.1 -p ${CHECKOUT_SHOP_PORT}`,
    url: `${CHECKOUT_SHOP_URL}/api/health`,
    timeoutMs: 120_000,
    env: {
      ...shopEnvironment,
      ...E2E_CHECKOUT_ENV,
      SOLANA_RPC_URL: LOCAL_CHAIN_URL,
      SITE_URL: CHECKOUT_SHOP_URL,
      // Every browser of the run connects from 127.0.0.1: as behind one proxy, each checkout test
      // is a client of its own (e2e/support/shopper.ts), so that the shop's bounds per client,
      // which a repeated run would exceed from one address, stay as they are in production.
      TRUSTED_PROXY_HOPS: '1',
      // Its e-mails go to the run's mailbox, where watchlist.spec.ts reads the watchlist's.
      SMTP_URL,
      MAIL_FROM: 'ORX <shop@orx.example>',
      DATA_DIR: process.env.ORX_E2E_CHECKOUT_DATA_DIR,
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    },
  },
];

export default defineConfig<CpuSlowdownOptions>({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  // A flow of a dozen steps, each waited for at most 10 s, may take half a minute on a two-core
  // machine that runs the suite slowly: the whole test may take a minute before it has failed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // A trace is recorded for every test and thrown away when it passes, at a CPU cost the whole run
    // feels (docs/testing.md, "Traces"). On a developer's machine a failure's trace is worth it; a CI
    // run's test-results/ go with its clone, and its log is what is read.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    video: 'off',
    screenshot: 'only-on-failure',
  },
  // Debian's Chromium (these machines cannot download Playwright's own browser build).
  // Playwright hands out the projects' files in this order. The throttled project is one file, one
  // worker's for its whole length: after the storefront's files, not first, because the run's first
  // minute is its busiest (both workers' first pages, the catalogue shop making 10,000 watches,
  // Vitest beside), and a page on a CPU slowed four times more by that crowd was once not hydrated
  // within the 15 s a press is held; last, it left the other worker idle before the instances
  // project. The single-file watchlist goes before the checkout project's several files, which end
  // the two workers' runs close together.
  projects: [
    { name: 'storefront', testIgnore: [ADMIN_SPECS, CHECKOUT_SPECS, WATCHLIST_SPEC, LARGE_CATALOGUE_SPEC, INSTANCES_SPEC], use: browser },
    // Lighthouse's mobile CPU (4× slower): the page stays uninteractive longest there.
    { name: 'throttled', testMatch: PRESSES_AT_ONCE_SPEC, use: { ...browser, cpuSlowdown: 4 }, timeout: 60_000, expect: { timeout: 20_000 } },
    { name: 'catalogue', testMatch: LARGE_CATALOGUE_SPEC, use: { ...browser, baseURL: CATALOGUE_SHOP_URL } },
    { name: 'admin', testMatch: ADMIN_SPECS, use: { ...browser, baseURL: ADMIN_SHOP_URL } },
    { name: 'watchlist', testMatch: WATCHLIST_SPEC, use: { ...browser, baseURL: CHECKOUT_SHOP_URL } },
    { name: 'checkout', testMatch: CHECKOUT_SPECS, use: { ...browser, baseURL: CHECKOUT_SHOP_URL } },
    { name: 'instances', testMatch: INSTANCES_SPEC, use: browser, dependencies: ['storefront', 'catalogue', 'admin', 'checkout', 'watchlist', 'throttled'] },
  ],
  webServer: {
    command: 'npx tsx e2e/support/start-servers.ts',
    url: SERVERS_READY_URL,
    reuseExistingServer: false,
    // The slowest server's own bound, and the launcher's start.
    timeout: Math.max(...servers.map((server) => server.timeoutMs)) + 30_000,
    stdout: 'pipe',
    env: { [SERVERS_VAR]: JSON.stringify(servers), [READY_PORT_VAR]: String(SERVERS_READY_PORT) },
  },
});
