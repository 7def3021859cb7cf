import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TESTS, pgliteOnlyRouteTestFiles, pureTestFiles, serverProcessTestFiles } from '../projects.js';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'enlaza-projects-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(scratch, 'api-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the `pure` test project (test/projects.ts): files that open no database, left out of the PostgreSQL pass', () => {
  it('leaves out a file that reaches a database through a helper at any depth, the database client, a server process or a driver', () => {
    const root = tree({
      'src/db/client.ts': 'export const openDatabase = () => undefined;',
      'test/helpers/database.ts': "import pg from 'pg';\nexport const openTestDatabase = () => pg;",
      'test/helpers/server-process.ts': 'export const startServer = () => undefined;',
      'test/helpers/test-app.ts': "import { openTestDatabase } from './database.js';\nexport const createTestApp = openTestDatabase;",
      'test/helpers/billing.ts': "export { createTestApp } from './test-app.js';",
      'test/helpers/money.ts': 'export const cents = (n: number) => n * 100;',
      'test/a/through-two-helpers.test.ts': "import { createTestApp } from '../helpers/billing.js';",
      'test/a/client.test.ts': "import { openDatabase } from '../../src/db/client.js';",
      'test/a/child-process.test.ts': "import { startServer } from '../helpers/server-process.js';",
      'test/a/driver.test.ts': "import { PGlite } from '@electric-sql/pglite';",
      // In two pieces, or this file would seem to import the helper itself.
      'test/a/lazy.test.ts': ['const app = await import', "('../helpers/test-app.js');"].join(''),
      'test/a/types-only.test.ts':
        "import type { TestContext } from '../helpers/test-app.js';\nimport { cents } from '../helpers/money.js';",
      'test/a/arithmetic.test.ts': "import { expect } from 'vitest';\nimport { cents } from '../helpers/money.js';",
    });
    expect(pureTestFiles(root)).toEqual(['test/a/arithmetic.test.ts', 'test/a/types-only.test.ts']);
  });

  it('holds the arithmetic and static checks of this suite, not its route tests', () => {
    const pure = pureTestFiles(apiRoot);
    expect(pure).toContain('test/payments/proration.test.ts');
    expect(pure).toContain('test/platform/pure-tests-open-no-database.test.ts');
    expect(pure).not.toContain('test/dashboard/dashboard.test.ts');
    expect(pure).not.toContain('test/platform/jobs.test.ts');
  });

  it('runs every file that starts the server as a process in the `processes` project, after the route tests', () => {
    const root = tree({
      'test/helpers/server-process.ts': 'export const startServer = () => undefined;',
      'test/a/kill.test.ts': "import { startServer, type ServerProcess } from '../helpers/server-process.js';",
      'test/a/types-only.test.ts': "import type { ServerProcess } from '../helpers/server-process.js';",
      'test/a/route.test.ts': "import { createTestApp } from '../helpers/test-app.js';",
    });
    expect(serverProcessTestFiles(root)).toEqual(['test/a/kill.test.ts']);

    const starters = serverProcessTestFiles(apiRoot);
    expect(starters).toContain('test/platform/lifecycle.test.ts');
    expect(starters.filter((file) => !PROCESS_TESTS.includes(file))).toEqual([]);
  });

  it('finds the route-test files holding a test only PGlite runs (CI runs them on PGlite with `pure` and `processes`)', () => {
    // Each condition in two pieces, or this file would seem to hold such a test itself.
    const skip = (condition: string) => ['describe.skip', `If(${condition})('x', () => {});`].join('');
    const run = (condition: string) => ['it.run', `If(${condition})('x', () => {});`].join('');
    const root = tree({
      'test/helpers/server-process.ts': 'export const startServer = () => undefined;',
      'test/a/skipped-on-postgres.test.ts': skip('testDatabaseUrl'),
      'test/a/run-without-url.test.ts': run('!testDatabaseUrl'),
      'test/a/kind-pglite.test.ts': run("databaseKind === 'pglite'"),
      'test/a/kind-not-postgres.test.ts': skip("databaseKind === 'postgres'"),
      'test/a/postgres-only.test.ts': `${skip('!testDatabaseUrl')}\n${run("databaseKind === 'postgres'")}`,
      'test/a/both.test.ts': "it('runs on both', () => {});",
      'test/a/kill.test.ts': `import { startServer } from '../helpers/server-process.js';\n${skip('testDatabaseUrl')}`,
    });
    expect(pgliteOnlyRouteTestFiles(root)).toEqual([
      'test/a/kind-not-postgres.test.ts',
      'test/a/kind-pglite.test.ts',
      'test/a/run-without-url.test.ts',
      'test/a/skipped-on-postgres.test.ts',
    ]);
    expect(pgliteOnlyRouteTestFiles(apiRoot)).toContain('test/platform/a-job-left-running-by-a-dead-process-runs-at-the-restart.test.ts');
    expect(pgliteOnlyRouteTestFiles(apiRoot)).not.toContain('test/platform/pure-tests-open-no-database.test.ts');
  });
});
