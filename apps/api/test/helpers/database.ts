import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';

/** The PostgreSQL server tests run against when TEST_DATABASE_URL is set (CI sets it); PGlite otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const databaseKind = testDatabaseUrl ? 'postgres' : 'pglite';

/** `migrated`: every migration applied, no rows; `seeded`: migrated plus the seeded admin, demo user and catalogue. */
export type TemplateName = 'migrated' | 'seeded';
/**
 * Where test/global-setup.ts left the run's two template databases: PGlite data-directory dumps
 * (file paths) or PostgreSQL database names on TEST_DATABASE_URL's server.
 */
export type DatabaseTemplates = { kind: 'pglite' | 'postgres' } & Record<TemplateName, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | null;
  }
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A throwaway PostgreSQL database on the test server; returns its URL and a function that drops it.
 * It is a copy of `template` (a database nobody is connected to), else of the run's migrated
 * template when there is one, unless `empty` asks for a database with no migration applied.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { template?: string; empty?: boolean; prefix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${options.prefix ?? 'enlaza_test'}_${randomBytes(6).toString('hex')}`;
  const provided = providedTemplates();
  const template = options.empty ? undefined : (options.template ?? (provided?.kind === 'postgres' ? provided.migrated : undefined));
  // WAL_LOG (PostgreSQL 15's default) copies block by block without a checkpoint: fast for small databases.
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}

function providedTemplates(): DatabaseTemplates | null {
  try {
    return inject('databaseTemplates') ?? null;
  } catch {
    // Outside a vitest run (a bench script importing these helpers): no templates.
    return null;
  }
}

// A worker runs many files (isolate: false): each template's dump is read from disk once per worker.
const dumps = new Map<string, Promise<Blob>>();
function dumpOf(path: string): Promise<Blob> {
  let dump = dumps.get(path);
  if (!dump) dumps.set(path, (dump = readFile(path).then((bytes) => new Blob([bytes]))));
  return dump;
}

/**
 * A fresh database of this file's own: in-memory PGlite, or a new database on TEST_DATABASE_URL's
 * server. It starts as a copy of the run's template (migrated once by test/global-setup.ts; `seeded`
 * adds the admin, demo user and catalogue), so no test file pays for the migrations; without
 * templates (a script outside vitest) it is migrated here.
 */
export async function openTestDatabase(template: TemplateName = 'migrated'): Promise<DatabaseHandle> {
  const templates = providedTemplates();
  if (!testDatabaseUrl) {
    if (templates?.kind !== 'pglite') return openDatabase({ kind: 'pglite', dataDir: null });
    return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await dumpOf(templates[template]) });
  }
  const scratch = await createScratchDatabase(
    testDatabaseUrl,
    templates?.kind === 'postgres' ? { template: templates[template] } : { empty: true },
  );
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * PGlite: a new data directory (a server process's DATA_DIR) whose database is already a copy of the
 * run's migrated template: the dump is a tarball of the database's own folder, unpacked where the
 * server keeps it (`<DATA_DIR>/pglite`), so neither the test nor the server runs the migrations and
 * the job queue's DDL again. Empty (migrated when first opened) without templates. The caller
 * removes it.
 */
export function pgliteDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const templates = providedTemplates();
  if (templates?.kind === 'pglite') {
    mkdirSync(join(dir, 'pglite'));
    execFileSync('tar', ['-xf', templates.migrated, '-C', join(dir, 'pglite')], { stdio: ['ignore', 'ignore', 'pipe'] });
  }
  return dir;
}
