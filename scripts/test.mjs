#!/usr/bin/env node
// The README's test command (`npm test`): every phase in order, then a table of what each took and
// counted, the slowest test files, and one closing line of counts. A failing phase does not stop the
// others (the report is whole); the browser tests are skipped when the build failed. Exit code 1 if
// anything failed.
//
//   TEST_PHASES=api,e2e npm test     runs only those phases (.ci/run runs the database-independent
//                                    ones once, and the database-dependent ones per database)
//   TEST_REPORT_DIR=dir              also writes the run's rows to dir/<time>-<database>.json
//   node scripts/test.mjs --report dir [--limit seconds]   one table of every run written there;
//                                    fails when they took longer than the limit together
//   node scripts/test.mjs --report dir --markdown          the same figures for docs/testing.md
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { combine, overTimeLimit, SLOWEST_FILES, summaryLines, summaryMarkdown } from './run-summary.mjs';
import { playwrightReport, readJson, vitestReport } from './runner-reports.mjs';

const SELF = fileURLToPath(import.meta.url);
const database = process.env.TEST_DATABASE_URL?.trim() ? 'postgres' : 'pglite';
// The runners' reports of a run (not needed by the --cpu wrapper, a child of the run, nor by --report).
const scratch = process.argv[2]?.startsWith('--') ? '' : mkdtempSync(join(tmpdir(), 'enlaza-test-run-'));

/** @typedef {import('./runner-reports.mjs').PhaseReport} PhaseReport */
/** @typedef {import('./run-summary.mjs').Row} Row */
/** @typedef {import('./run-summary.mjs').Run} Run */

const vitest = (/** @type {string} */ workspace, /** @type {string} */ name, /** @type {string[]} */ extra = []) => {
  const report = join(scratch, `${name}.json`);
  return {
    command: ['npm', 'test', '-w', workspace, '--', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    report: () => vitestReport(readJson(report)),
  };
};

/**
 * The API test projects (apps/api/vitest.config.ts) this run picks. `TEST_API_PROJECTS=a,b` names
 * them (.ci/run's pass on PGlite: `pure,processes,pglite-only`, what is PGlite's own; its PostgreSQL
 * pass runs the rest). Unset: every project on PGlite; on PostgreSQL all but `pure`, whose files open
 * no database and would only run the same code again.
 */
function apiProjectArgs() {
  const named = process.env.TEST_API_PROJECTS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (named?.length) return named.map((name) => `--project=${name}`);
  return database === 'postgres' ? ['--project=!pure'] : [];
}

/**
 * @typedef {{ name: string, together?: boolean, unawaited?: boolean, dependsOnDatabase?: boolean, needs?: string,
 *   command: string[], env?: Record<string, string>, report?: () => PhaseReport }} Phase
 */
/**
 * In order; consecutive phases marked `together` run at once, their output kept apart. The static
 * checks and the web unit tests share no files and no database: together they keep both cores busy
 * (ESLint and typecheck are one process on one core each; alone, the longest of them left the other
 * core idle for a minute). lint:code is `unawaited`: the phases after the batch start when the rest
 * of it has ended, beside it if it still runs, and the run waits for it at the end. (It was the
 * longest by far while ESLint type-checked every workspace for its type-aware rules, which oxlint
 * runs now: decision 0042.)
 */
/** @type {Phase[]} */
const PHASES = [
  { name: 'lint:code', together: true, unawaited: true, command: ['npm', 'run', 'lint:code'] },
  { name: 'lint:format', together: true, command: ['npm', 'run', 'lint:format'] },
  { name: 'typecheck', together: true, command: ['npm', 'run', 'typecheck'] },
  { name: 'i18n', together: true, command: ['node', 'scripts/i18n-parity.mjs', '.'] },
  { name: 'web', together: true, ...vitest('apps/web', 'web') },
  { name: 'api', dependsOnDatabase: true, ...vitest('apps/api', 'api', apiProjectArgs()) },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    dependsOnDatabase: true,
    needs: 'build',
    command: ['npm', 'test', '-w', 'e2e', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(scratch, 'e2e.json') },
    report: () => playwrightReport(readJson(join(scratch, 'e2e.json'))),
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

/** The commit a run tested (`-dirty` with changes not committed), for the figures it leaves in docs/testing.md. */
function commit() {
  try {
    return {
      commit: execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=7'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    };
  } catch {
    return {};
  }
}

/**
 * `--report dir [--limit seconds] [--markdown]`: one table of every run written to `dir`, and the
 * slowest test files among them; with `--limit`, fails when the runs together took longer; with
 * `--markdown`, the figures for docs/testing.md instead.
 */
function reportMode(/** @type {string[]} */ args) {
  const [dir, ...options] = args;
  const limitAt = options.indexOf('--limit');
  const limit = limitAt === -1 ? undefined : Number(options[limitAt + 1]);
  if (!dir || (limit !== undefined && !(limit > 0))) {
    console.error('usage: node scripts/test.mjs --report <dir> [--limit <seconds>] [--markdown]');
    process.exit(2);
  }
  /** @type {Run[]} */
  const runs = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readJson(join(dir, name)));
  if (options.includes('--markdown')) {
    console.log(summaryMarkdown(runs));
    return;
  }
  const { lines, ok } = summaryLines(runs);
  console.log(lines.join('\n'));
  const overTime = limit === undefined ? undefined : overTimeLimit(runs, limit);
  if (overTime) console.log(overTime);
  else if (limit !== undefined) console.log(`time: the whole run took ${combine(runs).seconds.toFixed(0)} s of its ${limit} s limit`);
  process.exit(ok && !overTime ? 0 : 1);
}

async function main() {
  if (process.argv[2] === '--cpu') return cpuMode(/** @type {string} */ (process.argv[3]), process.argv.slice(4));
  if (process.argv[2] === '--report') return reportMode(process.argv.slice(3));

  const wanted = process.env.TEST_PHASES?.split(',').map((name) => name.trim());
  // `lint` names its two parts (lint:code, lint:format).
  const picks = (/** @type {string} */ name, /** @type {Phase} */ phase) => phase.name === name || phase.name.startsWith(`${name}:`);
  const unknown = wanted?.filter((name) => !PHASES.some((phase) => picks(name, phase)));
  if (unknown?.length) {
    console.error(`TEST_PHASES: unknown phase ${unknown.join(', ')} (known: ${PHASES.map((p) => p.name).join(', ')})`);
    process.exit(2);
  }

  const runStarted = performance.now();
  const startedAt = new Date().toISOString();
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
    /** @type {PhaseReport | undefined} */
    let report;
    try {
      report = phase.report?.();
    } catch {
      report = undefined; // no report: the runner did not get as far as writing one
    }
    return {
      phase: phase.name,
      database: label,
      seconds,
      ...(cpu === undefined ? {} : { cpu }),
      ok,
      ...(report ? { counts: report.counts, files: report.files.slice(0, SLOWEST_FILES) } : {}),
    };
  }

  const selected = PHASES.filter((phase) => !wanted || wanted.some((name) => picks(name, phase)));
  /** @type {Promise<Row>[]} */
  const unawaited = [];
  for (let i = 0; i < selected.length;) {
    const phase = /** @type {Phase} */ (selected[i]);
    let end = i + 1;
    if (phase.together) while (selected[end]?.together) end += 1;
    const batch = selected.slice(i, end);
    const started = batch.map((each) => ({ each, row: runPhase(each, batch.length > 1) }));
    unawaited.push(...started.filter(({ each }) => each.unawaited && end < selected.length).map(({ row }) => row));
    rows.push(...(await Promise.all(started.filter(({ row }) => !unawaited.includes(row)).map(({ row }) => row))));
    i = end;
  }
  rows.push(...(await Promise.all(unawaited)));
  // In the order of PHASES, however they ended.
  rows.sort((a, b) => PHASES.findIndex((p) => p.name === a.phase) - PHASES.findIndex((p) => p.name === b.phase));
  rmSync(scratch, { recursive: true, force: true });
  const seconds = (performance.now() - runStarted) / 1000;

  const reportDir = process.env.TEST_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    /** @type {Run} */
    const record = { rows, seconds, ...commit(), started: startedAt, finished: new Date().toISOString() };
    writeFileSync(join(reportDir, `${Date.now()}-${database}.json`), JSON.stringify(record));
  }
  const { lines, ok } = summaryLines([{ rows, seconds }]);
  console.log(lines.join('\n'));
  process.exit(ok ? 0 : 1);
}

await main();
