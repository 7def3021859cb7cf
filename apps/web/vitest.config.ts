import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Screens and code that reads the DOM run under jsdom (`*.test.tsx`, `*.dom.test.ts`);
// the pure logic (`*.test.ts`) runs in plain Node, which starts in a fraction of jsdom's time.
const DOM_TESTS = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      restoreMocks: true,
      // A limit that stops a stuck test, not a speed check. vitest's 5 s failed tests that take 1–2 s
      // on a quiet machine: a screen of 24 card tiles takes 4 s alone when it is a file's first test,
      // and CI's machine, busy with both workers, runs such tests two to three times slower (its runs
      // failed three of them at 5 s).
      testTimeout: 15_000,
      // One worker per core (vitest's default is cores − 1: one of two).
      maxWorkers: 2,
      // The files of a worker share its modules (and, under jsdom, its page): a fresh jsdom, React,
      // Mantine and translations for each file cost more than the tests themselves. src/test/setup.ts
      // puts back after each test what one may leave behind; a test replaces a module's exports with
      // `replaceExports`, never the module with `vi.mock` (which cannot work in a shared module graph).
      isolate: false,
      projects: [
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: DOM_TESTS,
            setupFiles: ['./src/test/setup.ts'],
          },
        },
        {
          extends: true,
          test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts'], exclude: DOM_TESTS },
        },
      ],
    },
  }),
);
