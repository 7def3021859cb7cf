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

// The renewals spec moves the sandbox's test clock, which is global (every user's "now"): it runs
// alone, after every other project. To run it by itself: `npx playwright test renewals --no-deps`.
const CLOCK_SPEC = /renewals\.spec\.ts$/;

export default defineConfig({
  outputDir: './test-results',
  // Every test makes its own users and data (tests/support/fixtures.ts), so tests of one file run side by side too.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-US',
    // An action whose element never comes fails in its step, not at the end of a long test's limit.
    actionTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Assertions.
    { name: 'chromium', testDir: './tests', testIgnore: CLOCK_SPEC, use: chromium },
    // Every screen at each width and theme (pictures in the test output; later, visual comparisons).
    { name: 'screens', testDir: './screens', use: chromium },
    { name: 'clock', testDir: './tests', testMatch: CLOCK_SPEC, dependencies: ['chromium', 'screens'], use: chromium },
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
