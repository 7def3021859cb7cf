import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './accounts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const baseURL = E2E_BASE_URL;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // SCREENSHOTS=1 runs only the screenshot project (pictures for review, not assertions).
  projects: [
    process.env.SCREENSHOTS ? { name: 'screenshots', testDir: './screenshots', use: chromium } : { name: 'chromium', use: chromium },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: root,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
