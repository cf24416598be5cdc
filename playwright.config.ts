import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.PORT ?? 8888);

export default defineConfig({
  testDir: 'tests/e2e',
  // The suite runs on the fixture catalogue (scripts/test.sh builds with CATALOGUE_DIR=tests/fixtures/catalogue).
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The suite builds once before Playwright (scripts/test.sh); the server starts on fresh emulator data.
    command: 'tsx scripts/serve.ts --fresh',
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
