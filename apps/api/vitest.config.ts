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
  },
});
