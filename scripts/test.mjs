#!/usr/bin/env node
// The README's test command (`npm test`): every phase in order, then a table of what each took and
// counted, and one closing line of counts. A failing phase does not stop the others (the report is
// whole); the browser tests are skipped when the build failed. Exit code 1 if anything failed.
//
//   TEST_PHASES=api,e2e npm test     runs only those phases (.ci/run runs the database-independent
//                                    ones once, and the database-dependent ones per database)
//   TEST_REPORT_DIR=dir              also writes the run's rows to dir/<database>-<time>.json
//   node scripts/test.mjs --report dir   prints one table of every run written there
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const database = process.env.TEST_DATABASE_URL?.trim() ? 'postgres' : 'pglite';
// The run's reports (not needed by the --cpu wrapper, a child of the run).
const scratch = process.argv[2] === '--cpu' ? '' : mkdtempSync(join(tmpdir(), 'enlaza-test-run-'));

/**
 * A phase's counts, and the names of its failed tests, printed under the table: a run's last lines name them.
 * @typedef {{ passed: number, failed: number, skipped: number, failures?: string[] }} Counts
 */
/** @typedef {{ phase: string, database: string, seconds: number, cpu?: number, ok: boolean, counts?: Counts }} Row */

/** Counts of a vitest JSON report (an expected failure, `it.fails`, counts as passed, as vitest says). */
function vitestCounts(/** @type {string} */ file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {string[]} */
  const failures = [];
  for (const result of report.testResults ?? []) {
    const path = relative(process.cwd(), result.name);
    const failed = (result.assertionResults ?? []).filter((/** @type {{ status: string }} */ test) => test.status === 'failed');
    for (const test of failed) failures.push(`${path} › ${test.fullName}`);
    // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
    if (result.status === 'failed' && failed.length === 0) failures.push(`${path} (${firstLine(result.message) || 'failed'})`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, failures };
}

/** Counts of a Playwright JSON report; a flaky test (passed on a retry) counts as failed: we run without retries. */
function playwrightCounts(/** @type {string} */ file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {string[]} */
  const failures = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const path = suite.file && titles.length === 0 ? [suite.file] : suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${[...path, spec.title].join(' › ')} [${test.projectName}]`;
        if (test.status === 'unexpected' || test.status === 'flaky') failures.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const { stats } = report;
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped, failures };
}

const firstLine = (/** @type {unknown} */ text) => (typeof text === 'string' ? (text.split('\n')[0] ?? '').slice(0, 160) : '');

const vitest = (/** @type {string} */ workspace, /** @type {string} */ name) => {
  const report = join(scratch, `${name}.json`);
  return {
    command: ['npm', 'test', '-w', workspace, '--', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    counts: () => vitestCounts(report),
  };
};

/**
 * @typedef {{ name: string, together?: boolean, dependsOnDatabase?: boolean, needs?: string, command: string[],
 *   env?: Record<string, string>, counts?: () => Counts }} Phase
 */
/**
 * In order; consecutive phases marked `together` run at once, their output kept apart. The static
 * checks and the web unit tests share no files and no database: together they keep both cores busy
 * (typecheck and each ESLint half are one process on one core; alone, the longest of them left the
 * other core idle for a minute).
 */
/** @type {Phase[]} */
const PHASES = [
  { name: 'lint:api', together: true, command: ['npm', 'run', 'lint:api'] },
  { name: 'lint:web', together: true, command: ['npm', 'run', 'lint:web'] },
  { name: 'lint:format', together: true, command: ['npm', 'run', 'lint:format'] },
  { name: 'typecheck', together: true, command: ['npm', 'run', 'typecheck'] },
  { name: 'i18n', together: true, command: ['node', 'scripts/i18n-parity.mjs', '.'] },
  { name: 'web', together: true, ...vitest('apps/web', 'web') },
  { name: 'api', dependsOnDatabase: true, ...vitest('apps/api', 'api') },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    dependsOnDatabase: true,
    needs: 'build',
    command: ['npm', 'test', '-w', 'e2e', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(scratch, 'e2e.json') },
    counts: () => playwrightCounts(join(scratch, 'e2e.json')),
  },
];

/**
 * CPU seconds (user + system) used by this process's children that have ended and been waited for:
 * with every process waiting for its own children, a phase's whole tree. Linux only (/proc);
 * undefined elsewhere.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5) (cutime, cstime), counted from the state, field 3; in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Runs `command` through this script's own `--cpu` mode, which reports the CPU seconds of the
 * command's tree as the last line of its stderr. With `quiet`, the output is kept and printed in one piece when it ends.
 * @returns {Promise<{ ok: boolean, cpu?: number }>}
 */
function run(/** @type {string[]} */ command, /** @type {Record<string, string>} */ env = {}, quiet = false) {
  return new Promise((resolve) => {
    const cpuFile = join(scratch, `cpu-${Math.random().toString(36).slice(2)}`);
    const child = spawn(process.execPath, [SELF, '--cpu', cpuFile, ...command], {
      stdio: quiet ? 'pipe' : 'inherit',
      env: { ...process.env, ...env },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const done = (/** @type {boolean} */ ok) => {
      if (quiet) process.stdout.write(Buffer.concat(output));
      let cpu;
      try {
        cpu = Number(readFileSync(cpuFile, 'utf8'));
      } catch {
        cpu = undefined;
      }
      resolve({ ok, ...(cpu === undefined || Number.isNaN(cpu) ? {} : { cpu }) });
    };
    child.on('exit', (code, signal) => done(code === 0 && !signal));
    child.on('error', () => done(false));
  });
}

/** `--cpu file command…`: runs the command, writes the CPU seconds its tree used to `file`, exits with its code. */
function cpuMode(/** @type {string} */ file, /** @type {string[]} */ command) {
  const [bin, ...args] = command;
  const child = spawn(/** @type {string} */ (bin), args, { stdio: 'inherit' });
  const finish = (/** @type {number} */ code) => {
    const cpu = childrenCpuSeconds();
    if (cpu !== undefined) writeFileSync(file, String(cpu));
    process.exit(code);
  };
  child.on('exit', (code, signal) => finish(signal ? 1 : (code ?? 1)));
  child.on('error', () => finish(1));
}

const pad = (/** @type {unknown} */ value, /** @type {number} */ width) => String(value ?? '').padEnd(width);
const padLeft = (/** @type {unknown} */ value, /** @type {number} */ width) => String(value ?? '').padStart(width);

/**
 * The table of `rows` and the wall-clock `seconds` they took, then the closing line (counts of every
 * phase that counted tests) and, last, the name of each failed test.
 */
function printTable(/** @type {Row[]} */ rows, /** @type {number} */ seconds) {
  const lines = [
    `${pad('phase', 12)} ${pad('database', 9)} ${padLeft('seconds', 8)} ${padLeft('cpu s', 7)} ${padLeft('passed', 7)} ${padLeft('failed', 7)} ${padLeft('skipped', 8)}  result`,
  ];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const row of rows) {
    const c = row.counts;
    lines.push(
      `${pad(row.phase, 12)} ${pad(row.database, 9)} ${padLeft(row.seconds.toFixed(0), 8)} ${padLeft(row.cpu?.toFixed(0), 7)} ${padLeft(c?.passed, 7)} ${padLeft(c?.failed, 7)} ${padLeft(c?.skipped, 8)}  ${row.ok ? 'ok' : 'FAILED'}`,
    );
    if (c) for (const key of /** @type {const} */ (['passed', 'failed', 'skipped'])) total[key] += c[key];
  }
  // Phases run together overlap: the total is the clock's, not the column's sum.
  const cpu = rows.reduce((sum, row) => sum + (row.cpu ?? 0), 0);
  lines.push(`${pad('total', 12)} ${pad('', 9)} ${padLeft(seconds.toFixed(0), 8)} ${padLeft(cpu.toFixed(0), 7)}`);
  console.log(`\n${lines.join('\n')}\n`);
  const failedPhases = rows.filter((row) => !row.ok).length;
  // A phase that failed without counting a failed test (lint, a crash) still makes the line say failed.
  const failed = total.failed + rows.filter((row) => !row.ok && !row.counts?.failed).length;
  console.log(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
  for (const row of rows) {
    const where = `${row.phase}${row.database === '-' ? '' : ` on ${row.database}`}`;
    if (!row.ok && !row.counts?.failures?.length) console.log(`  failed: ${where} (see its output above)`);
    for (const name of row.counts?.failures ?? []) console.log(`  failed: ${where}: ${name}`);
  }
  return failedPhases === 0;
}

async function main() {
  if (process.argv[2] === '--cpu') return cpuMode(/** @type {string} */ (process.argv[3]), process.argv.slice(4));
  if (process.argv[2] === '--report') {
    const dir = /** @type {string} */ (process.argv[3]);
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
    /** @type {{ rows: Row[], seconds: number }[]} */
    const runs = files.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
    const ok = printTable(
      runs.flatMap((each) => each.rows),
      runs.reduce((sum, each) => sum + each.seconds, 0),
    );
    process.exit(ok ? 0 : 1);
  }

  const wanted = process.env.TEST_PHASES?.split(',').map((name) => name.trim());
  // `lint` names its three parts (lint:api, lint:web, lint:format).
  const picks = (/** @type {string} */ name, /** @type {Phase} */ phase) => phase.name === name || phase.name.startsWith(`${name}:`);
  const unknown = wanted?.filter((name) => !PHASES.some((phase) => picks(name, phase)));
  if (unknown?.length) {
    console.error(`TEST_PHASES: unknown phase ${unknown.join(', ')} (known: ${PHASES.map((p) => p.name).join(', ')})`);
    process.exit(2);
  }

  const runStarted = performance.now();
  /** @type {Row[]} */
  const rows = [];
  /** @returns {Promise<Row>} */
  async function runPhase(/** @type {Phase} */ phase, quiet = false) {
    const label = phase.dependsOnDatabase ? database : '-';
    const blocker = phase.needs && rows.find((row) => row.phase === phase.needs && !row.ok);
    if (blocker) {
      console.log(`\n== ${phase.name}: not run, ${phase.needs} failed`);
      return { phase: phase.name, database: label, seconds: 0, ok: false };
    }
    const title = `== ${phase.name}${phase.dependsOnDatabase ? ` on ${database}` : ''}: ${phase.command.join(' ')}`;
    console.log(`\n${title}${quiet ? ' (started; its output follows when it ends)' : ''}`);
    const started = performance.now();
    const { ok, cpu } = await run(phase.command, phase.env, quiet);
    const seconds = (performance.now() - started) / 1000;
    if (quiet) console.log(`${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(0)} s`);
    /** @type {Counts | undefined} */
    let counts;
    try {
      counts = phase.counts?.();
    } catch {
      counts = undefined; // no report: the runner did not get as far as writing one
    }
    return { phase: phase.name, database: label, seconds, ...(cpu === undefined ? {} : { cpu }), ok, ...(counts ? { counts } : {}) };
  }

  const selected = PHASES.filter((phase) => !wanted || wanted.some((name) => picks(name, phase)));
  for (let i = 0; i < selected.length;) {
    const phase = /** @type {Phase} */ (selected[i]);
    let end = i + 1;
    if (phase.together) while (selected[end]?.together) end += 1;
    const batch = selected.slice(i, end);
    rows.push(...(await Promise.all(batch.map((each) => runPhase(each, batch.length > 1)))));
    i = end;
  }
  rmSync(scratch, { recursive: true, force: true });
  const seconds = (performance.now() - runStarted) / 1000;

  const reportDir = process.env.TEST_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${Date.now()}-${database}.json`), JSON.stringify({ rows, seconds }));
  }
  process.exit(printTable(rows, seconds) ? 0 : 1);
}

await main();
