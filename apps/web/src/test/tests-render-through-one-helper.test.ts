import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Every test renders React through src/test/render.tsx: the app's theme in Mantine's test mode, a
 * query cache that never retries and is emptied after the test, translations loaded first. A test
 * that wraps its screen in providers of its own drifts from the app (another theme, retries that
 * make a failure slow, Mantine's transitions) and from every other test.
 */
const SOURCE = new URL('../', import.meta.url);
const FORBIDDEN: Record<string, string[]> = {
  '@mantine/core': ['MantineProvider'],
  '@tanstack/react-query': ['QueryClientProvider'],
  '@testing-library/react': ['render', 'renderHook'],
};

/** The names a source imports that only src/test/render.tsx may. */
function providersImported(source: string): string[] {
  const found: string[] = [];
  for (const [, names, from] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const forbidden = FORBIDDEN[from!];
    if (!forbidden) continue;
    for (const name of names!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!)) {
      if (forbidden.includes(name)) found.push(`${name} from ${from}`);
    }
  }
  return found;
}

const THIS_FILE = 'test/tests-render-through-one-helper.test.ts'; // its examples are strings, not imports
const testFiles = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replaceAll('\\', '/'))
  .filter((file) => /\.test\.tsx?$/.test(file) && file !== THIS_FILE);

describe('tests render through one helper', () => {
  it('finds what a test must not import', () => {
    expect(providersImported("import { fireEvent, render, screen } from '@testing-library/react';")).toEqual([
      'render from @testing-library/react',
    ]);
    expect(providersImported("import {\n  MantineProvider,\n  TextInput,\n} from '@mantine/core';")).toEqual([
      'MantineProvider from @mantine/core',
    ]);
    expect(providersImported("import { QueryClient, QueryClientProvider as Provider } from '@tanstack/react-query';")).toEqual([
      'QueryClientProvider from @tanstack/react-query',
    ]);
    expect(providersImported("import { act, screen } from '@testing-library/react';\nimport { render } from '@/test/render';")).toEqual([]);
  });

  it('no test file renders with providers of its own', () => {
    expect(testFiles.length).toBeGreaterThan(50);
    const offenders = testFiles
      .map((file) => ({ file, imports: providersImported(readFileSync(new URL(file, SOURCE), 'utf8')) }))
      .filter(({ imports }) => imports.length > 0)
      .map(({ file, imports }) => `src/${file}: ${imports.join(', ')}`);
    expect(offenders, 'render with `render`/`renderHook` from @/test/render instead').toEqual([]);
  });
});
