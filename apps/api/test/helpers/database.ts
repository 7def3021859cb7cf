import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';

/** The PostgreSQL server tests run against when TEST_DATABASE_URL is set (CI sets it); PGlite otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const databaseKind = testDatabaseUrl ? 'postgres' : 'pglite';

/** A throwaway PostgreSQL database on the test server; returns its URL and a function that drops it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `enlaza_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!testDatabaseUrl) return openDatabase({ kind: 'pglite', dataDir: null });
  const scratch = await createScratchDatabase(testDatabaseUrl);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
