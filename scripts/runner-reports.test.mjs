// How long each test file took, as read from vitest's and Playwright's JSON reports
// (scripts/runner-reports.mjs; run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playwrightReport, vitestReport } from './runner-reports.mjs';

test("a vitest file's time is its report's span, from its first test's start to its last test's end", () => {
  const report = {
    numPassedTests: 3,
    numFailedTests: 1,
    numPendingTests: 1,
    numTodoTests: 0,
    testResults: [
      { name: '/repo/apps/api/test/a.test.ts', status: 'passed', startTime: 1_000, endTime: 3_500, assertionResults: [] },
      {
        name: '/repo/apps/api/test/b.test.ts',
        status: 'failed',
        startTime: 2_000,
        endTime: 14_000,
        assertionResults: [{ status: 'failed', fullName: 'b breaks' }],
      },
    ],
  };
  const { counts, files } = vitestReport(report, '/repo');
  assert.deepEqual(files, [
    { file: 'apps/api/test/b.test.ts', seconds: 12 },
    { file: 'apps/api/test/a.test.ts', seconds: 2.5 },
  ]);
  assert.deepEqual(counts, { passed: 3, failed: 1, skipped: 1, failures: ['apps/api/test/b.test.ts › b breaks'] });
});

test("a Playwright file's time is its tests' durations added up, every project and nested suite included", () => {
  const result = (/** @type {number} */ duration) => ({ duration });
  const report = {
    config: { rootDir: '/repo/e2e' },
    stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 },
    suites: [
      {
        title: 'tests/shell.spec.ts',
        file: 'tests/shell.spec.ts',
        specs: [{ title: 'signs in', tests: [{ projectName: 'chromium', status: 'expected', results: [result(2_000)] }] }],
        suites: [
          {
            title: 'navigation',
            file: 'tests/shell.spec.ts',
            specs: [{ title: 'menu fits', tests: [{ projectName: 'chromium', status: 'expected', results: [result(3_000)] }] }],
          },
        ],
      },
      {
        title: 'visual/guest.spec.ts',
        file: 'visual/guest.spec.ts',
        specs: [{ title: 'public page', tests: [{ projectName: 'visual-guest', status: 'expected', results: [result(1_500)] }] }],
      },
    ],
  };
  assert.deepEqual(playwrightReport(report, '/repo').files, [
    { file: 'e2e/tests/shell.spec.ts', seconds: 5 },
    { file: 'e2e/visual/guest.spec.ts', seconds: 1.5 },
  ]);
});
