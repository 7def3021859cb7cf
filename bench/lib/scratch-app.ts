import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** A module of the API's source (run through tsx). */
export const apiSource = (path: string) => import(pathToFileURL(join(root, 'apps/api/src', path)).href);

/**
 * The real app (in this process, from source) on a scratch PostgreSQL database created on
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (default: the local test server), seeded with the demo
 * catalogue and the given admin and demo accounts. `drop` closes it and drops the database.
 */
export async function scratchApp(
  prefix: string,
  accounts: { admin: { email: string; password: string }; demo: { email: string; password: string } },
  poolSize = 10,
) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // BENCH_REUSE_DATABASE=<name>: measure again on a database kept by an earlier run (BENCH_KEEP_DATABASE).
  const reused = process.env.BENCH_REUSE_DATABASE;
  const name = reused ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  if (!reused) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const { openDatabase } = await apiSource('db/client.ts');
  const { loadConfig } = await apiSource('config.ts');
  const { buildApp } = await apiSource('app.ts');
  const { seedIfEmpty } = await apiSource('db/seed.ts');
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
  const config = loadConfig({
    NODE_ENV: 'production',
    // The bench's throw-away database invoices as the demo seller.
    DEMO_SELLER: 'true',
    DATABASE_URL: url.toString(),
    WORKERS: 'off',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: accounts.admin.password,
    DEMO_PASSWORD: accounts.demo.password,
  });
  await seedIfEmpty(database.db, { admin: accounts.admin, demo: { ...accounts.demo, plan: 'free' } });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    url,
    /** True on a database kept by an earlier run: already seeded. */
    reused: Boolean(reused),
    drop: async () => {
      await app.close();
      await database.close();
      if (process.env.BENCH_KEEP_DATABASE || reused) return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
