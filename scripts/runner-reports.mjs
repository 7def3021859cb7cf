// What scripts/test.mjs reads from the test runners' JSON reports: a phase's counts, the names of its
// failed tests, and how long each test file took (so a run's end names the files that cost most).
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

/**
 * A phase's counts, and the names of its failed tests, printed under the table: a run's last lines name them.
 * @typedef {{ passed: number, failed: number, skipped: number, failures?: string[] }} Counts
 */
/** @typedef {{ file: string, seconds: number }} FileTime */
/** @typedef {{ counts: Counts, files: FileTime[] }} PhaseReport */

const firstLine = (/** @type {unknown} */ text) => (typeof text === 'string' ? (text.split('\n')[0] ?? '').slice(0, 160) : '');

/** Slowest first. */
const bySeconds = (/** @type {FileTime} */ a, /** @type {FileTime} */ b) => b.seconds - a.seconds || a.file.localeCompare(b.file);

/**
 * A vitest JSON report (an expected failure, `it.fails`, counts as passed, as vitest says). A file's
 * time is vitest's own span of it: from its first test's start to its last test's end.
 * @returns {PhaseReport}
 */
export function vitestReport(/** @type {any} */ report, cwd = process.cwd()) {
  /** @type {string[]} */
  const failures = [];
  /** @type {FileTime[]} */
  const files = [];
  for (const result of report.testResults ?? []) {
    const path = relative(cwd, result.name);
    const failed = (result.assertionResults ?? []).filter((/** @type {{ status: string }} */ test) => test.status === 'failed');
    for (const test of failed) failures.push(`${path} › ${test.fullName}`);
    // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
    if (result.status === 'failed' && failed.length === 0) failures.push(`${path} (${firstLine(result.message) || 'failed'})`);
    if (typeof result.startTime === 'number' && typeof result.endTime === 'number') {
      files.push({ file: path, seconds: Math.max(0, result.endTime - result.startTime) / 1000 });
    }
  }
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
  return { counts, files: files.sort(bySeconds) };
}

/**
 * A Playwright JSON report; a flaky test (passed on a retry) counts as failed: we run without retries.
 * A file's time is the durations of its tests added up, every project's (two workers run tests side
 * by side, so the files' times add up to about twice the phase's).
 * @returns {PhaseReport}
 */
export function playwrightReport(/** @type {any} */ report, cwd = process.cwd()) {
  /** @type {string[]} */
  const failures = [];
  /** @type {Map<string, number>} */
  const milliseconds = new Map();
  const rootDir = report.config?.rootDir;
  const repoPath = (/** @type {string} */ file) => (rootDir && !isAbsolute(file) ? relative(cwd, join(rootDir, file)) : file);
  /** @param {any} suite @param {string[]} titles @param {string | undefined} file */
  const walk = (suite, titles, file) => {
    const path = suite.file && titles.length === 0 ? [suite.file] : suite.title ? [...titles, suite.title] : titles;
    const fileName = file ?? (suite.file ? repoPath(suite.file) : undefined);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${[...path, spec.title].join(' › ')} [${test.projectName}]`;
        if (test.status === 'unexpected' || test.status === 'flaky') failures.push(name);
        const spent = (test.results ?? []).reduce(
          (/** @type {number} */ sum, /** @type {{ duration?: number }} */ each) => sum + (each.duration ?? 0),
          0,
        );
        if (fileName) milliseconds.set(fileName, (milliseconds.get(fileName) ?? 0) + spent);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path, fileName);
  };
  for (const suite of report.suites ?? []) walk(suite, [], undefined);
  const { stats } = report;
  const counts = { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped, failures };
  const files = [...milliseconds].map(([file, ms]) => ({ file, seconds: ms / 1000 }));
  return { counts, files: files.sort(bySeconds) };
}

export const readJson = (/** @type {string} */ file) => JSON.parse(readFileSync(file, 'utf8'));
