// The end of a run (scripts/run-summary.mjs), fed made-up reports: the time limit .ci/run enforces,
// and the slowest test files it names (run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { overTimeLimit, slowestFiles, summaryLines, summaryMarkdown } from './run-summary.mjs';

/** @typedef {import('./run-summary.mjs').Run} Run */

/** .ci/run's three reports: npm ci, every phase on PGlite, the API tests on PostgreSQL. */
function ciRun(/** @type {{ install: number, pglite: number, postgres: number }} */ seconds) {
  /** @type {Run[]} */
  const runs = [
    { rows: [{ phase: 'npm ci', database: '-', seconds: seconds.install, ok: true }], seconds: seconds.install },
    {
      // Phases run together overlap: their seconds add up to more than the run's.
      rows: [
        { phase: 'lint:code', database: '-', seconds: seconds.pglite * 0.3, ok: true },
        { phase: 'web', database: '-', seconds: seconds.pglite * 0.3, ok: true },
        { phase: 'api', database: 'pglite', seconds: seconds.pglite * 0.5, ok: true },
        { phase: 'e2e', database: 'pglite', seconds: seconds.pglite * 0.4, ok: true },
      ],
      seconds: seconds.pglite,
    },
    { rows: [{ phase: 'api', database: 'postgres', seconds: seconds.postgres, ok: true }], seconds: seconds.postgres },
  ];
  return runs;
}

test('a whole run past its limit fails, saying how long it took, the limit, and where to read what to do', () => {
  const why = overTimeLimit(ciRun({ install: 31, pglite: 2000, postgres: 1000 }), 3000);
  assert.ok(why);
  assert.match(why, /^FAILED: the whole run took 3,031 s, over its limit of 3,000 s/);
  assert.match(why, /CI_TIME_LIMIT_SECONDS/);
  assert.match(why, /docs\/testing\.md/);
});

test('a whole run up to its limit passes', () => {
  assert.equal(overTimeLimit(ciRun({ install: 30, pglite: 1970, postgres: 1000 }), 3000), undefined);
  assert.equal(overTimeLimit(ciRun({ install: 30, pglite: 700, postgres: 200 }), 3000), undefined);
});

test('the limit is on the runs one after the other, not on the sum of phases that overlapped', () => {
  // The PGlite run's phases add up to 1.5 times its 1,800 s: 2,700 + 30 + 200 would pass the limit.
  assert.equal(overTimeLimit(ciRun({ install: 30, pglite: 1800, postgres: 200 }), 2100), undefined);
  assert.ok(overTimeLimit(ciRun({ install: 30, pglite: 1800, postgres: 200 }), 2000));
});

test('runs side by side count once: the whole run is from the first start to the last finish', () => {
  const at = (/** @type {number} */ second) => new Date(Date.UTC(2026, 10, 27) + second * 1000).toISOString();
  /** @type {Run[]} */
  const runs = [
    { rows: [{ phase: 'npm ci', database: '-', seconds: 60, ok: true }], seconds: 60, started: at(0), finished: at(60) },
    { rows: [{ phase: 'api', database: 'pglite', seconds: 900, ok: true }], seconds: 900, started: at(60), finished: at(960) },
    // The browser tests on PGlite and the API tests on PostgreSQL, at once: 960 s to 1,860 s.
    { rows: [{ phase: 'e2e', database: 'pglite', seconds: 900, ok: true }], seconds: 900, started: at(960), finished: at(1860) },
    { rows: [{ phase: 'api', database: 'postgres', seconds: 700, ok: true }], seconds: 700, started: at(961), finished: at(1661) },
  ];
  assert.equal(overTimeLimit(runs, 1860), undefined);
  assert.match(overTimeLimit(runs, 1859) ?? '', /the whole run took 1,860 s/);
  // A run that does not say when it started: the runs one after the other (60 + 900 + 900 + 700).
  const { started: _, ...undated } = /** @type {Run} */ (runs[3]);
  assert.match(overTimeLimit([...runs.slice(0, 3), undated], 2559) ?? '', /the whole run took 2,560 s/);
});

test('a run past its limit fails even when every phase passed', () => {
  const runs = ciRun({ install: 30, pglite: 4000, postgres: 1000 });
  assert.equal(summaryLines(runs).ok, true);
  assert.ok(overTimeLimit(runs, 3000));
});

/** Rows of `phase` on `database` whose files took the given seconds, named `<phase>-<n>`. */
const rowWithFiles = (/** @type {string} */ phase, /** @type {string} */ database, /** @type {number[]} */ seconds) => ({
  phase,
  database,
  seconds: 100,
  ok: true,
  files: seconds.map((each, index) => ({ file: `${phase}-${database}-${index}.test.ts`, seconds: each })),
});

test('the slowest files are the fifteen slowest of every phase and database together, slowest first', () => {
  const rows = [
    rowWithFiles('web', '-', [9, 8, 1]),
    rowWithFiles('api', 'pglite', [20, 10, 10, 5, 4, 3, 2, 1]),
    rowWithFiles('api', 'postgres', [30, 12, 6, 5]),
    rowWithFiles('e2e', 'pglite', [40, 7, 0.5]),
    { phase: 'lint:code', database: '-', seconds: 80, ok: true },
  ];
  const slowest = slowestFiles(rows);
  assert.equal(slowest.length, 15);
  assert.deepEqual(
    slowest.slice(0, 4).map((each) => each.file),
    ['e2e-pglite-0.test.ts', 'api-postgres-0.test.ts', 'api-pglite-0.test.ts', 'api-postgres-1.test.ts'],
  );
  assert.ok(slowest.every((each, index) => index === 0 || (slowest[index - 1]?.seconds ?? 0) >= each.seconds));
  assert.equal(slowest.at(-1)?.seconds, 2);

  const printed = summaryLines([{ rows, seconds: 300 }]).lines.join('\n');
  assert.match(printed, /slowest test files/);
  assert.match(printed, /40 s {2}e2e on pglite +e2e-pglite-0\.test\.ts/);
});

test('the markdown figures hold every phase, the whole run and the slowest files', () => {
  const runs = ciRun({ install: 30, pglite: 700, postgres: 200 });
  const pglite = /** @type {Run} */ (runs[1]);
  pglite.rows[2] = { ...rowWithFiles('api', 'pglite', [48.4]), counts: { passed: 600, failed: 0, skipped: 15 }, cpu: 270 };
  pglite.commit = 'abc1234';
  pglite.finished = '2025-11-26T10:00:00.000Z';
  const markdown = summaryMarkdown(runs);
  assert.match(markdown, /\(commit `abc1234`, 2025-11-26\)/);
  assert.match(markdown, /^\| npm ci \| – \| 30 \| +\| +\| +\| +\|$/m);
  assert.match(markdown, /^\| api \| PGlite \| 100 \| 270 \| 600 \| 0 \| 15 \|$/m);
  assert.match(markdown, /^\| \*\*whole run\*\* \| \| \*\*930\*\* \|/m);
  assert.match(markdown, /^\| 48 \| api on PGlite \| `api-pglite-0\.test\.ts` \|$/m);
});
