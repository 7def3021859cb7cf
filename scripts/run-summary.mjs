// The end of a test run as scripts/test.mjs prints it: the table of phases, the slowest test files,
// the closing line of counts and the failed tests' names; the same figures as markdown for
// docs/testing.md; and the time limit a whole CI run must stay under.

/** @typedef {import('./runner-reports.mjs').Counts} Counts */
/** @typedef {import('./runner-reports.mjs').FileTime} FileTime */
/**
 * A phase as one run of scripts/test.mjs recorded it; `files` are its slowest test files.
 * @typedef {{ phase: string, database: string, seconds: number, cpu?: number, ok: boolean, counts?: Counts, files?: FileTime[] }} Row
 */
/**
 * One run's report (TEST_REPORT_DIR): its rows and the wall-clock seconds it took, which the rows
 * need not add up to (phases run together overlap); when it started and finished (ISO times).
 * @typedef {{ rows: Row[], seconds: number, commit?: string, started?: string, finished?: string }} Run
 */

/** How many of the slowest test files a run's end names. */
export const SLOWEST_FILES = 15;

const pad = (/** @type {unknown} */ value, /** @type {number} */ width) => String(value ?? '').padEnd(width);
const padLeft = (/** @type {unknown} */ value, /** @type {number} */ width) => String(value ?? '').padStart(width);
const where = (/** @type {Row} */ row, database = row.database) => `${row.phase}${row.database === '-' ? '' : ` on ${database}`}`;
const DATABASE_NAMES = /** @type {Record<string, string>} */ ({ pglite: 'PGlite', postgres: 'PostgreSQL', '-': '–' });
const thousands = (/** @type {number} */ value) => Math.round(value).toLocaleString('en-US');

/** The `count` slowest test files of every phase that timed its files, slowest first. */
export function slowestFiles(/** @type {Row[]} */ rows, count = SLOWEST_FILES) {
  return rows
    .flatMap((row) => (row.files ?? []).map((each) => ({ ...each, row })))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
    .slice(0, count);
}

/**
 * The runs' rows, and the whole run's wall-clock seconds: from the first start to the last finish
 * when every run says when it started and finished (runs side by side overlap: .ci/run runs the
 * browser tests on PGlite beside the API tests on PostgreSQL), else the runs one after the other.
 */
export function combine(/** @type {Run[]} */ runs) {
  const rows = runs.flatMap((run) => run.rows);
  const starts = runs.map((run) => Date.parse(run.started ?? ''));
  const ends = runs.map((run) => Date.parse(run.finished ?? ''));
  if (runs.length > 0 && [...starts, ...ends].every(Number.isFinite))
    return { rows, seconds: (Math.max(...ends) - Math.min(...starts)) / 1000 };
  return { rows, seconds: runs.reduce((sum, run) => sum + run.seconds, 0) };
}

/**
 * Why the whole run (every run in `runs`, see `combine`) fails its time limit, or undefined
 * when it is within it. CI gives up at 5,400 s on a slower machine than ours; a run past the limit
 * here has already lost most of that margin.
 */
export function overTimeLimit(/** @type {Run[]} */ runs, /** @type {number} */ limitSeconds) {
  const { seconds } = combine(runs);
  if (seconds <= limitSeconds) return undefined;
  return (
    `FAILED: the whole run took ${thousands(seconds)} s, over its limit of ${thousands(limitSeconds)} s (CI_TIME_LIMIT_SECONDS). ` +
    'The slowest test files are listed above; what to do: "When the run is too slow" in docs/testing.md.'
  );
}

/**
 * The table of the runs, the slowest test files, then the closing line (counts of every phase that
 * counted tests) and, last, the name of each failed test. `ok` is false when a phase failed.
 */
export function summaryLines(/** @type {Run[]} */ runs) {
  const { rows, seconds } = combine(runs);
  const lines = [
    '',
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
  lines.push(`${pad('total', 12)} ${pad('', 9)} ${padLeft(seconds.toFixed(0), 8)} ${padLeft(cpu.toFixed(0), 7)}`, '');

  const slowest = slowestFiles(rows);
  if (slowest.length > 0) {
    lines.push('slowest test files (docs/testing.md says how each runner times a file):');
    for (const each of slowest) lines.push(`${padLeft(each.seconds.toFixed(0), 6)} s  ${pad(where(each.row), 16)} ${each.file}`);
    lines.push('');
  }

  // A phase that failed without counting a failed test (lint, a crash) still makes the line say failed.
  const failed = total.failed + rows.filter((row) => !row.ok && !row.counts?.failed).length;
  lines.push(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
  for (const row of rows) {
    if (!row.ok && !row.counts?.failures?.length) lines.push(`  failed: ${where(row)} (see its output above)`);
    for (const name of row.counts?.failures ?? []) lines.push(`  failed: ${where(row)}: ${name}`);
  }
  return { lines, ok: rows.every((row) => row.ok) };
}

/** The runs' figures as docs/testing.md shows them, between its figures markers. */
export function summaryMarkdown(/** @type {Run[]} */ runs) {
  const { rows, seconds } = combine(runs);
  const last = runs.findLast((run) => run.commit);
  const source = [last?.commit && `commit \`${last.commit}\``, last?.finished?.slice(0, 10)].filter(Boolean).join(', ');
  const count = (/** @type {number | undefined} */ value) => (value === undefined ? '' : thousands(value));
  const tableRow = (/** @type {string[]} */ cells) => `|${cells.map((each) => (each ? ` ${each} ` : ' ')).join('|')}|`;
  const lines = [
    `Written by \`scripts/replace-figures.mjs\` from a run's reports${source ? ` (${source})` : ''}; do not edit by hand.`,
    '',
    '| phase | database | seconds | cpu s | passed | failed | skipped |',
    '|---|---|--:|--:|--:|--:|--:|',
  ];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const row of rows) {
    const c = row.counts;
    const name = `${row.phase}${row.ok ? '' : ' (FAILED)'}`;
    const database = DATABASE_NAMES[row.database] ?? row.database;
    lines.push(tableRow([name, database, thousands(row.seconds), count(row.cpu), count(c?.passed), count(c?.failed), count(c?.skipped)]));
    if (c) for (const key of /** @type {const} */ (['passed', 'failed', 'skipped'])) total[key] += c[key];
  }
  const cpu = rows.reduce((sum, row) => sum + (row.cpu ?? 0), 0);
  lines.push(
    tableRow(['**whole run**', '', `**${thousands(seconds)}**`, thousands(cpu), ...[total.passed, total.failed, total.skipped].map(count)]),
  );

  const slowest = slowestFiles(rows);
  if (slowest.length > 0) {
    lines.push('', 'The slowest test files:', '', '| seconds | phase | file |', '|--:|---|---|');
    for (const each of slowest) {
      lines.push(tableRow([thousands(each.seconds), where(each.row, DATABASE_NAMES[each.row.database]), `\`${each.file}\``]));
    }
  }
  return lines.join('\n');
}
