import { readFile } from 'node:fs/promises';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import * as schema from '../../src/db/schema/index.js';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';

// Every other test file starts from a template migrated once per run (test/global-setup.ts); this
// one keeps the migrations themselves honest: an empty database reaches the latest schema.

const journal = JSON.parse(await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { tag: string }[];
};
const declaredTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

async function appliedMigrations(database: DatabaseHandle) {
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows.rows[0]?.n;
}

async function publicTables(database: DatabaseHandle) {
  const rows = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return rows.rows.map((row) => row.name);
}

async function expectLatest(open: () => Promise<DatabaseHandle>) {
  const first = await open();
  try {
    expect(await appliedMigrations(first)).toBe(journal.entries.length);
    expect(declaredTables.length).toBeGreaterThan(20);
    expect(await publicTables(first)).toEqual(expect.arrayContaining(declaredTables));
  } finally {
    await first.close();
  }
}

// Migrating from nothing takes seconds on an idle machine, more on a busy one: a guard against hangs, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('migrations', () => {
  it('take an empty PGlite database to the latest schema: every migration applied, every declared table there', async () => {
    await expectLatest(() => openDatabase({ kind: 'pglite', dataDir: null }));
  });

  it.skipIf(!testDatabaseUrl)('take an empty PostgreSQL database to the latest schema, and a second start applies nothing', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!, { empty: true });
    cleanups.push(scratch.drop);
    const open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
    await expectLatest(open);
    await expectLatest(open);
  });
});
