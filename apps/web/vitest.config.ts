import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Two projects: screens and code that reads the DOM run under jsdom (`*.test.tsx`, `*.dom.test.ts`);
// the pure logic (`*.test.ts`) runs in plain Node, which starts in a fraction of jsdom's time.
const DOM_TESTS = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      restoreMocks: true,
      // Shared CI machines can be slow: a test waits for the UI, it does not race a clock.
      testTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: { name: 'dom', environment: 'jsdom', include: DOM_TESTS, setupFiles: ['./src/test/setup.ts'] },
        },
        {
          extends: true,
          test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts'], exclude: DOM_TESTS },
        },
      ],
    },
  }),
);
