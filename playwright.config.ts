import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.PORT ?? 8888);

/**
 * Debian's Chromium without the browser's window machinery (package chromium-headless-shell, which
 * scripts/test.sh installs beside Chromium): the suite takes a quarter less CPU in it. The full
 * Chromium where it is missing; CHROMIUM_PATH chooses another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Specs that share something no worker can have its own copy of: the seeded demo customer and its
 * server cart (a sign-out ends every session of an account), the staff accounts, or shop-wide
 * views (desk queues, campaign sales). Any other spec runs in parallel; one that needs its own
 * customer or guest inbox takes them from tests/e2e/support/worker-data.ts.
 */
const ONE_AT_A_TIME = [
  'accounts',
  'auth',
  'campaign-sales',
  'cart-sync',
  'desk',
  'messages',
  'orders',
  'pharmacy-records',
  'prescription',
  'prescription-request-desk',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  // The suite runs on the fixture catalogue (scripts/test.sh builds with CATALOGUE_DIR=tests/fixtures/catalogue).
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Two workers: spec files run side by side (the tests of one file in order, in one worker) against
  // the one server, 11.2 min for the suite against 17.6 on one worker on this machine kind (2 cores).
  // E2E_WORKERS=1 runs one file at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace of every test cost about a tenth of the suite's time on 2 cores; CI keeps the
    // one of a failed test's retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // Specs on shared accounts or shop-wide counts run one after another, beside the parallel ones.
    // Listed first, they start first: last, they ran alone on one worker while the other sat idle.
    { name: 'one at a time', use: { ...devices['Desktop Chrome'] }, testMatch: ONE_AT_A_TIME, workers: 1 },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: ONE_AT_A_TIME },
  ],
  webServer: {
    // The suite builds once before Playwright (scripts/test.sh); the server starts on fresh emulator data.
    command: 'node --import tsx scripts/serve.ts --fresh',
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
