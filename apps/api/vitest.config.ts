import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS, pureTestFiles } from './test/projects.js';

// The workspace packages are read from their TypeScript sources (the `source` export condition), in
// the test files and in the global setup (which runs in vitest's own `__vitest__` environment).
const source = { resolve: { conditions: ['source'] } };

// Files that open no database (test/projects.ts decides by what they import): their own project,
// which the PostgreSQL pass of `npm test` leaves out (`--project=!pure`), since they would only run
// the same code again.
const PURE_TESTS = pureTestFiles(fileURLToPath(new URL('.', import.meta.url))).filter((file) => !PROCESS_TESTS.includes(file));

export default defineConfig({
  ...source,
  ssr: source,
  environments: { __vitest__: source },
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker process runs many files in turn and imports the app once (not once per file): each
    // file still gets its own database (test/helpers/database.ts) and builds its own app.
    isolate: false,
    projects: [
      {
        extends: true,
        // Most of a route test's time is spent waiting (job queues, mail servers): three workers keep
        // two cores busy where vitest's default (cores - 1 = one) leaves one idle.
        test: {
          name: 'routes',
          include: ['test/**/*.test.ts'],
          exclude: [...PROCESS_TESTS, ...PURE_TESTS],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'pure', include: PURE_TESTS, maxWorkers: 2, sequence: { groupOrder: 2 } },
      },
      {
        extends: true,
        test: { name: 'processes', include: PROCESS_TESTS, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
