import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

/** A LISTEN subscription. `live` is false while the connection carrying it is down. */
export type Listener = { live(): boolean; close(): Promise<void> };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; `onChange(false)` when notifications may have been missed. */
  listen(channel: string, onMessage: (payload: string) => void, onLiveChange?: (live: boolean) => void): Promise<Listener>;
  /**
   * Raw SQL for the job queue (pg-boss's `db`): on PostgreSQL the pool; on PGlite, SQL with parameters
   * goes to `query` and multi-statement SQL without parameters (pg-boss's migrations) to `exec`.
   */
  jobsDb: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  /** PostgreSQL: the pool's connections now (metrics). PGlite has one connection in the process and no pool: none. */
  poolUse?: () => { open: number; idle: number; waiting: number; max: number };
  /** Runs raw SQL; used by health checks and tests. */
  ping(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
};

const migrationsFolder = () => join(apiPackageRoot(), 'drizzle');
// An arbitrary constant: serialises migrations when several API processes start on one PostgreSQL.
const MIGRATION_LOCK = 727_160_101;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null /* null = in memory */;
      /** Start from a dump of a data directory (`dumpDataDir`) instead of an empty one: tests copy a migrated template. */
      loadDataDir?: Blob;
    };

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
    // An idle connection closed by the server (restart, failover) is dropped by the pool and the next
    // query opens a new one; without a handler the error would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      jobsDb: { executeSql: (text, values) => pool.query(text, values) },
      poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize ?? 10 }),
      listen: (channel, onMessage, onLiveChange) => listenOnPostgres(options.url, channel, onMessage, onLiveChange),
      ping: async () => void (await pool.query('SELECT 1')),
      close: () => pool.end(),
    };
  }

  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  try {
    // pg_trgm backs the admin's "contains" search (migration 0005), as on PostgreSQL.
    const extensions = { pg_trgm };
    const pgliteOptions = { extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) };
    const client = options.dataDir ? new PGlite(join(options.dataDir, 'pglite'), pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      // The query builders are identical; only the driver differs.
      db: db as unknown as Database,
      kind: 'pglite',
      jobsDb: {
        executeSql: async (text, values) => {
          if (values && values.length > 0) return client.query(text, values);
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        },
      },
      listen: async (channel, onMessage) => {
        // In-process: PGlite delivers every notification; nothing can be missed.
        const unlisten = await client.listen(channel, onMessage);
        return { live: () => !client.closed, close: () => unlisten() };
      },
      ping: async () => void (await client.query('SELECT 1')),
      dumpDataDir: async () => client.dumpDataDir('none'),
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

/**
 * LISTEN on a dedicated PostgreSQL connection (pooled connections cannot hold a LISTEN). When the
 * connection drops, `live()` is false and it reconnects with a growing delay.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLiveChange?: (live: boolean) => void,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | null = null;
  const setLive = (value: boolean) => {
    if (live !== value) onLiveChange?.(value);
    live = value;
  };

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => scheduleReconnect());
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  }

  async function connect(): Promise<void> {
    // keepAlive: a connection dropped silently by the network still ends in an error.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      setLive(false);
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = 250;
    setLive(true);
  }

  await connect();
  return {
    live: () => live,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      setLive(false);
      await client?.end().catch(() => undefined);
    },
  };
}
