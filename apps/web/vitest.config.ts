import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Three projects. Screens and code that reads the DOM run under jsdom (`*.test.tsx`, `*.dom.test.ts`);
// the pure logic (`*.test.ts`) runs in plain Node, which starts in a fraction of jsdom's time.
const DOM_TESTS = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'];

// The DOM files share their worker's page and modules (`isolate: false`): a fresh jsdom, React, Mantine
// and translations for each file cost more than the tests themselves, and src/test/setup.ts puts back
// after each test what one may leave behind. A file that replaces modules with `vi.mock` cannot share:
// a module an earlier file already loaded would keep the real import, and one loaded here would keep
// the mock for the files after. Those few get a worker of their own.
const SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
const MOCKING_MODULES = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(test\.tsx|dom\.test\.ts)$/.test(file))
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(SOURCE + file, 'utf8')))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      restoreMocks: true,
      // vitest's 5 s per test: the slowest took 1.4 s alone and 3.4 s on a machine busy with other work.
      // One worker per core (vitest's default is cores − 1: one of two).
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: DOM_TESTS,
            exclude: MOCKING_MODULES,
            setupFiles: ['./src/test/setup.ts'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: { name: 'dom-mocks', environment: 'jsdom', include: MOCKING_MODULES, setupFiles: ['./src/test/setup.ts'] },
        },
        {
          extends: true,
          test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts'], exclude: DOM_TESTS },
        },
      ],
    },
  }),
);
