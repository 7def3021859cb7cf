import { defineConfig } from 'vitest/config';

// The workspace packages are read from their TypeScript sources (the `source` export condition), in
// the test files and in the global setup (which runs in vitest's own `__vitest__` environment).
const source = { resolve: { conditions: ['source'] } };

export default defineConfig({
  ...source,
  ssr: source,
  environments: { __vitest__: source },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker process runs many files in turn and imports the app once (not once per file): each
    // file still gets its own database (test/helpers/database.ts) and builds its own app.
    isolate: false,
    // Most of a route test's time is spent waiting (job queues, mail servers, child processes):
    // three workers keep two cores busy where the default (cores - 1 = one) leaves one idle.
    maxWorkers: 3,
  },
});
