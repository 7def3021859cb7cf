import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS, pgliteOnlyRouteTestFiles, pureTestFiles } from './test/projects.js';

// The workspace packages are read from their TypeScript sources (the `source` export condition), in
// the test files and in the global setup (which runs in vitest's own `__vitest__` environment).
const source = { resolve: { conditions: ['source'] } };

// Files that open no database (test/projects.ts decides by what they import): their own project,
// which the PostgreSQL pass of `npm test` leaves out (`--project=!pure`), since they would only run
// the same code again.
const apiRoot = fileURLToPath(new URL('.', import.meta.url));
const PURE_TESTS = pureTestFiles(apiRoot).filter((file) => !PROCESS_TESTS.includes(file));
// Route-test files holding a test only PGlite runs: a project of their own, so that CI's pass on PGlite
// can run them with `pure` and `processes` and leave the other route tests to its PostgreSQL pass
// (TEST_API_PROJECTS in .ci/run; docs/testing.md, "CI").
const PGLITE_ONLY_TESTS = pgliteOnlyRouteTestFiles(apiRoot).filter((file) => !PURE_TESTS.includes(file));

// What every project runs with. The projects list it instead of inheriting the root's options
// (`extends: true`), which would hand them the global setup too: vitest runs a global setup in the
// root project and again in every project that has it, one after the other, so the bundle and the
// template databases were built four times a run (about 12 s each on a quiet machine).
const common = {
  ...source,
  ssr: source,
  environments: { __vitest__: source },
};
const commonTest = {
  // A limit for a test that never ends, not a speed check: on CI the PostgreSQL pass runs beside the
  // browser tests (.ci/run), and a test of 8 s alone took past 30 s there with other work on the machine.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // One worker process runs many files in turn and imports the app once (not once per file): each
  // file still gets its own database (test/helpers/database.ts) and builds its own app.
  isolate: false,
} as const;

export default defineConfig({
  ...common,
  test: {
    ...commonTest,
    // Once a run, in the root project; every project reads what it provides (`inject`).
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        ...common,
        // Most of a route test's time is spent waiting (job queues, mail servers): three workers keep
        // two cores busy where vitest's default (cores - 1 = one) leaves one idle.
        test: {
          ...commonTest,
          name: 'routes',
          include: ['test/**/*.test.ts'],
          exclude: [...PROCESS_TESTS, ...PURE_TESTS, ...PGLITE_ONLY_TESTS],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...common,
        test: { ...commonTest, name: 'pglite-only', include: PGLITE_ONLY_TESTS, maxWorkers: 3, sequence: { groupOrder: 0 } },
      },
      {
        ...common,
        test: { ...commonTest, name: 'pure', include: PURE_TESTS, maxWorkers: 2, sequence: { groupOrder: 2 } },
      },
      {
        ...common,
        test: { ...commonTest, name: 'processes', include: PROCESS_TESTS, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
