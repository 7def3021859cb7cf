import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_VISUAL_PORT, E2E_VISUAL_URL, VISUAL_CLOCK } from './accounts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const baseURL = E2E_BASE_URL;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

// Specs that need the whole server to themselves run one at a time, after every other project:
// - renewals and automations move the sandbox's test clock, which is global (every user's "now");
// - billing verifies the invoice record chain, and the check reads the chain heads before the records:
//   an invoice issued in between (every Pro user the fixtures make has one) reads as a broken chain.
// To run one of them by itself: `npx playwright test billing --no-deps`.
const LAST = /(billing|renewals|automations)\.spec\.ts$/;

export default defineConfig({
  // Each run starts by emptying its output folder: a second run side by side (on another E2E_PORT)
  // writes elsewhere, or its start would delete this run's traces as they are written.
  outputDir: process.env.E2E_PORT ? `./.artifacts/test-results-${process.env.E2E_PORT}` : './test-results',
  // Every test makes its own users and data (tests/support/fixtures.ts), so tests of one file run side by side too.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // A limit for a test that never ends, not a speed check (as the API tests' 60 s): on the slowest
  // machine of CI's kind, beside the visual comparisons, a test of two page loads that takes ~2 s on a
  // quiet one ran past 30 s while its context closed (the whole browser phase took 1,253 s there).
  timeout: 60_000,
  // A test's first page boots the whole app in a new context (nothing cached) on a shared 2-core machine.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'en-US',
    // An action whose element never comes fails in its step, not at the end of a long test's limit.
    actionTimeout: 15_000,
    // No trace: recording one for every test (to keep only the failed ones') cost a tenth of the
    // suite's CPU, and CI's log is all a failed run leaves. A failed test still keeps its screenshot
    // and its call log; `npx playwright test <spec> --trace retain-on-failure` records traces again.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Assertions.
    // The screens only an assertion spec reaches (a provider's component…) are pictured there
    // (support/pictures.ts), beside the visual comparisons' pictures.
    {
      name: 'chromium',
      testDir: './tests',
      testIgnore: LAST,
      use: chromium,
      snapshotPathTemplate: '{testDir}/../visual/__screenshots__/{arg}{ext}',
    },
    // Visual comparisons of every route in light and dark at 1280 and 360 px, on their own server
    // (E2E_VISUAL_URL: seeded by the first project, its clock fixed; see e2e/visual/screens.ts). The
    // public pages go last: their visits show on the owner's screens.
    { name: 'visual-seed', testDir: './visual', testMatch: /seed\.setup\.ts$/, use: { ...chromium, baseURL: E2E_VISUAL_URL } },
    {
      name: 'visual',
      testDir: './visual',
      testMatch: /signed-in\.spec\.ts$/,
      dependencies: ['visual-seed'],
      // Dialogs pictured without their slide-in: mid-transition, their rows landed a fraction of a
      // pixel elsewhere from run to run.
      use: { ...chromium, baseURL: E2E_VISUAL_URL, reducedMotion: 'reduce' },
    },
    {
      name: 'visual-guest',
      testDir: './visual',
      testMatch: /guest\.spec\.ts$/,
      dependencies: ['visual'],
      use: { ...chromium, baseURL: E2E_VISUAL_URL },
    },
    { name: 'last', testDir: './tests', testMatch: LAST, dependencies: ['chromium'], workers: 1, use: chromium },
  ],
  // Reviewed pictures of the screens: e2e/visual/__screenshots__/<name>.png. After a change of what a
  // screen should look like: `npx playwright test --project=visual-guest --update-snapshots=changed`
  // (it runs the seed and the signed-in screens first), then look at every changed picture.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  webServer: [
    {
      command: 'node e2e/start-server.mjs',
      cwd: root,
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: 'node e2e/start-server.mjs',
      cwd: root,
      env: { E2E_PORT: String(E2E_VISUAL_PORT), E2E_FAKE_TIME: VISUAL_CLOCK },
      url: `${E2E_VISUAL_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
