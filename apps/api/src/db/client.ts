import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiPackageRoot } from '../lib/paths.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema/index.js';

/** Either driver exposes the same query builder; this is the one type the repositories use. */
export type Database = ReturnType<typeof drizzlePg<typeof schema>>;

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL; used by health checks and tests. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = () => join(apiPackageRoot(), 'drizzle');
// An arbitrary constant: serialises migrations when several API processes start on one PostgreSQL.
const MIGRATION_LOCK = 727_160_101;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | null /* null = in memory */ };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const migrator = new pg.Client({ connectionString: options.url });
    await migrator.connect();
    try {
      await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(migrator, { casing: 'snake_case' }), { migrationsFolder: migrationsFolder() });
      await migrator.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    } finally {
      await migrator.end();
    }
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('SELECT 1')),
      close: () => pool.end(),
    };
  }

  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  try {
    const client = options.dataDir ? new PGlite(join(options.dataDir, 'pglite')) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      // The query builders are identical; only the driver differs.
      db: db as unknown as Database,
      kind: 'pglite',
      ping: async () => void (await client.query('SELECT 1')),
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
