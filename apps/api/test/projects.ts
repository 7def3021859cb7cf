// Which API test files open a database, for vitest.config.ts's projects: the files that never do run
// in the `pure` project, which the PostgreSQL pass leaves out (they would only run a second time).
// A file opens a database when it, or a test helper it imports (at any depth), imports one of
// DATABASE_OPENERS; importing a type (`import type`) does not count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Modules that open a database, relative to apps/api: a file reaching one is no `pure` test. */
export const DATABASE_OPENERS = [
  'src/db/client.ts', // openDatabase
  'src/server.ts',
  'src/worker.ts',
  'test/helpers/database.ts', // openTestDatabase, scratch PostgreSQL databases
  'test/helpers/server-process.ts', // the real server or worker as a child process, on its own database
];
// Tests that start the real server or worker as child processes (and SIGKILL them half-way): each
// keeps a core busy on its own, so they run after the route tests, two at a time, rather than
// beside three route-test workers where a busy machine stretched them past their time limit. Every
// file that imports test/helpers/server-process.ts is here (test/platform/pure-tests-open-no-database.test.ts).
export const PROCESS_TESTS = [
  'test/platform/lifecycle.test.ts',
  'test/platform/data-dir-lock.test.ts',
  'test/platform/jobs-across-processes.test.ts',
  'test/platform/jobs-survive-a-crash.test.ts',
  'test/renewals/renews-exactly-once-after-a-crash.test.ts',
  'test/invoices/records-reach-the-aeat-once-after-a-crash.test.ts',
  'test/notifications/two-processes.test.ts',
  'test/campaigns/sending-survives-a-crash.test.ts',
  'test/automations/automations-survive-a-crash.test.ts',
  'test/platform/behind-nginx.test.ts',
  'test/webhooks/webhooks-survive-a-crash.test.ts',
  'test/crm/a-lead-reaches-hubspot-once-despite-a-crash.test.ts',
  'test/payments/redsys-charges-once-after-a-kill-between-charge-and-commit.test.ts',
  'test/payments/stripe-charges-once-after-a-kill-between-charge-and-commit.test.ts',
  'test/platform/backup-and-restore.test.ts',
  'test/platform/upgrade.test.ts',
  'test/platform/container-image.test.ts',
];

/** Packages that reach a database server or engine directly. */
const DATABASE_PACKAGES = ['pg', '@electric-sql/pglite', 'pg-boss'];

// A static import or re-export starts its line; a dynamic one may be anywhere.
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The module specifiers a source file imports for their values. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => (match[1] ?? match[2]) as string);
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  return undefined;
}

/**
 * Whether `file` opens a database: through one of DATABASE_OPENERS or DATABASE_PACKAGES, imported by
 * it or by a file under `test/` it imports. `apiRoot` is apps/api.
 */
export function opensDatabase(apiRoot: string, file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const openers = new Set(DATABASE_OPENERS.map((path) => resolve(apiRoot, path)));
  if (openers.has(file)) return true;
  const testRoot = resolve(apiRoot, 'test');
  for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
    if (!specifier.startsWith('.')) {
      if (DATABASE_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) return true;
      continue;
    }
    const target = resolveRelative(file, specifier);
    if (!target) continue;
    if (openers.has(target)) return true;
    // Test helpers are followed; the app's own modules take a database from their caller.
    if (target.startsWith(`${testRoot}/`) && opensDatabase(apiRoot, target, seen)) return true;
  }
  return false;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The test files (relative to apps/api) that open no database. */
export function pureTestFiles(apiRoot: string): string[] {
  return testFiles(resolve(apiRoot, 'test'))
    .filter((file) => !opensDatabase(apiRoot, file))
    .map((file) => relative(apiRoot, file))
    .sort();
}

/** The test files (relative to apps/api) that start the real server or worker as a child process. */
export function serverProcessTestFiles(apiRoot: string): string[] {
  const helper = resolve(apiRoot, 'test/helpers/server-process.ts');
  return testFiles(resolve(apiRoot, 'test'))
    .filter((file) => importsOf(readFileSync(file, 'utf8')).some((specifier) => resolveRelative(file, specifier) === helper))
    .map((file) => relative(apiRoot, file))
    .sort();
}

// A test that runs on PGlite only: skipped when TEST_DATABASE_URL is set, or run only without it
// (`describe.skipIf(testDatabaseUrl)`, `it.runIf(databaseKind === 'pglite')` and their mirrors).
const PGLITE_ONLY =
  /\.(?:skipIf\(\s*(?:testDatabaseUrl|databaseKind\s*===\s*'postgres'|databaseKind\s*!==\s*'pglite')\s*\)|runIf\(\s*(?:!\s*testDatabaseUrl|databaseKind\s*===\s*'pglite'|databaseKind\s*!==\s*'postgres')\s*\))/;

/**
 * The route-test files (relative to apps/api) that hold a test only PGlite runs. With the `pure` and
 * `processes` projects they are CI's API pass on PGlite (`TEST_API_PROJECTS` in .ci/run); every other
 * route test runs on PostgreSQL there, and on PGlite in `npm test`.
 */
export function pgliteOnlyRouteTestFiles(apiRoot: string): string[] {
  const processes = new Set(serverProcessTestFiles(apiRoot));
  return testFiles(resolve(apiRoot, 'test'))
    .filter((file) => PGLITE_ONLY.test(readFileSync(file, 'utf8')))
    .map((file) => relative(apiRoot, file))
    .filter((file) => !processes.has(file) && !PROCESS_TESTS.includes(file))
    .sort();
}
