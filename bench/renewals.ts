// Renewals per second on PostgreSQL: N subscriptions whose period has ended (Pro monthly, a
// working sandbox card each) renewed by the renewals engine — per subscription a claim, the charge,
// one transaction with the payment, the new period, the invoice, the notification and the history.
// Runs the API's source (tsx). Prints figures; does not judge them.
// Run: npm run bench:renewals -w bench  (BENCH_RENEWALS=2000 to shrink; default 100,000;
// BENCH_DATABASE_URL or TEST_DATABASE_URL: a server whose user may create databases).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = (path: string) => import(pathToFileURL(join(root, 'apps/api', path)).href);
const TOTAL = Number(process.env.BENCH_RENEWALS ?? 100_000);
const PARALLEL = Number(process.env.BENCH_RENEWALS_PARALLEL ?? 8);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { createScratchDatabase } = await source('test/helpers/database.ts');
const scratch: { url: string; drop: () => Promise<void> } = await createScratchDatabase(serverUrl);
const url = new URL(scratch.url);

const { openDatabase } = await source('src/db/client.ts');
const { loadConfig } = await source('src/config.ts');
const { buildApp } = await source('src/app.ts');
const { seedIfEmpty } = await source('src/db/seed.ts');
const { seedDueSubscriptions } = await source('test/helpers/renewals.ts');
const { sql } = await import(pathToFileURL(join(root, 'node_modules/drizzle-orm/index.js')).href);

const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: PARALLEL + 4 });
// WORKERS=off: no job runs behind the measurement; the engine is called directly.
const config = loadConfig({
  NODE_ENV: 'production',
  // The bench's throw-away database invoices as the demo seller.
  DEMO_SELLER: 'true',
  DATABASE_URL: url.toString(),
  WORKERS: 'off',
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'bench-admin-password',
  DEMO_PASSWORD: 'bench-demo-password',
});
await seedIfEmpty(database.db, {
  admin: { email: 'admin@enlaza.test', password: 'bench-admin-password' },
  demo: { email: 'demo@enlaza.test', password: 'bench-demo-password', plan: 'free' },
});
const app = await buildApp({ config, database });
await app.ready();

try {
  const periodEnd = new Date(Date.now() - 3_600_000);
  const seeding = performance.now();
  await seedDueSubscriptions(database.db, TOTAL, periodEnd, 'bench');
  console.log(
    `Seeded ${TOTAL.toLocaleString('en')} due subscriptions in ${((performance.now() - seeding) / 1000).toFixed(1)} s (PostgreSQL ${url.host}).`,
  );
  const started = performance.now();
  const run = await app.renewals.runDue({ parallel: PARALLEL, batchSize: 50 });
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await database.db.execute(
    sql`select count(*)::int as payments, count(distinct subscription_id)::int as subscriptions, (select count(*)::int from invoices) as invoices from payments where purpose = 'renewal' and status = 'succeeded'`,
  );
  console.log(
    `Renewed ${run.renewed.toLocaleString('en')} (failed ${run.failed}) in ${seconds.toFixed(1)} s with ${PARALLEL} at once: ${(run.renewed / seconds).toFixed(1)} renewals/s.`,
  );
  console.log(`Check: ${JSON.stringify(rows[0])} (each subscription one payment and one invoice).`);
} finally {
  await app.close();
  await database.close();
  await scratch.drop();
}
