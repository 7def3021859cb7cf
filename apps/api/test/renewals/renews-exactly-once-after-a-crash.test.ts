import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { createScratchDatabase, testDatabaseUrl, pgliteDataDir } from '../helpers/database.js';
import { seedDueSubscriptions } from '../helpers/renewals.js';
import { startServerPolled, startWorker, type ServerProcess } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Two processes and 150 renewals (each a payment, an invoice, a notification and a receipt email
// with its PDF, rendered by the same process): a minute or more on a busy machine. The limits only
// stop a stuck run; what the test checks is the counts.
vi.setConfig({ testTimeout: 600_000 });

/**
 * 150 renewals, the kill at 40 % (60 done, in the third batch of 25). What the test proves is one
 * kill in the middle of the work: a batch claimed (leased) and renewals in flight (one at a time on
 * PGlite, four on PostgreSQL), then a restart that finishes them, each exactly once. Six batches
 * show that as well as forty did: the process is killed once either way, at a moment the test does
 * not choose. It ran 1,000, the slowest API test by far (266 s on PGlite in CI) for the same proof.
 * RENEWALS_CRASH_TOTAL changes it (a longer run after a change of the renewals, say).
 */
const TOTAL = Number(process.env.RENEWALS_CRASH_TOTAL ?? 150);
const HALF = Math.floor(TOTAL * 0.4);
/** How often the progress is read while the renewals run (each read is work for the process, or a query). */
const PROGRESS_EVERY_MS = 500;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Renewal payments, invoices and history per subscription, as the database holds them. */
async function renewalCounts(db: Database) {
  const { rows } = await db.execute(sql`
    select
      (select count(*)::int from payments where purpose = 'renewal') as payments,
      (select count(*)::int from payments where purpose = 'renewal' and status = 'succeeded') as succeeded,
      (select count(distinct subscription_id)::int from payments where purpose = 'renewal') as subscriptions,
      (select count(*)::int from invoices i join payments p on p.id = i.payment_id where p.purpose = 'renewal') as invoices,
      (select count(distinct i.payment_id)::int from invoices i join payments p on p.id = i.payment_id where p.purpose = 'renewal') as invoiced_payments,
      (select count(*)::int from subscription_events where kind = 'renewed') as renewed_events`);
  return rows[0] as {
    payments: number;
    succeeded: number;
    subscriptions: number;
    invoices: number;
    invoiced_payments: number;
    renewed_events: number;
  };
}

/** How far the renewals are, read while the process runs them. */
type Progress = (running: ServerProcess) => Promise<number>;

/** PGlite: the data directory is the process's own, so ask it over HTTP: invoice numbers are gapless, the newest one counts them. */
const tokens = new WeakMap<ServerProcess, string>();
const invoicesOverHttp: Progress = async (running) => {
  let token = tokens.get(running);
  if (!token) {
    const login = await fetch(`${running.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    tokens.set(running, token);
  }
  const res = await fetch(`${running.url}/api/admin/invoices?limit=1&series=F`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { number: string }[] };
  const newest = body.data?.[0];
  return newest ? Number(newest.number.split('-')[1]) : 0;
};

/** PostgreSQL: another connection reads the payments (one handle for every read, closed with the file). */
const paymentsInDatabase = (open: () => Promise<DatabaseHandle>): Progress => {
  let reader: Promise<DatabaseHandle> | undefined;
  return async () => {
    if (!reader) {
      reader = open();
      cleanups.push(async () => (await reader!).close());
    }
    return (await renewalCounts((await reader).db)).payments;
  };
};

/**
 * TOTAL subscriptions are due; the process running the renewals is killed (SIGKILL) once 40 % of
 * them are done, and a new one started: every subscription is charged exactly once (one payment per
 * idempotency key `renewal:<id>:<period end>`) and invoiced exactly once, and its next period starts
 * at the old end.
 */
async function killMidRenewalsAndRestart(
  open: () => Promise<DatabaseHandle>,
  start: (env: Record<string, string>) => Promise<ServerProcess>,
  env: Record<string, string>,
  progress: Progress,
) {
  const periodEnd = new Date(Date.now() - 3_600_000);
  const setup = await open();
  await seedIfEmpty(setup.db, { admin: ADMIN, demo: DEMO });
  await seedDueSubscriptions(setup.db, TOTAL, periodEnd);
  await setup.close();
  // renewals.run every 2 s instead of each minute's tick, and a 10 s lease on both databases (the
  // killed process's run is taken up again without waiting for the default 300 s).
  const settings = { JOB_TIMEOUT_SECONDS: '10', SCHEDULED_JOBS_EVERY_SECONDS: '2', ...env };
  const first = await start(settings);
  await waitFor(async () => ((await progress(first)) >= HALF ? true : undefined), 'renewals before the crash', 270_000, PROGRESS_EVERY_MS);
  await first.stop('SIGKILL');

  const middle = await open();
  try {
    const half = await renewalCounts(middle.db);
    expect(half.payments).toBeGreaterThanOrEqual(HALF);
    expect(half.payments).toBeLessThan(TOTAL);
  } finally {
    await middle.close();
  }

  const second = await start(settings);
  await waitFor(
    async () => ((await progress(second)) >= TOTAL ? true : undefined),
    'every renewal after the restart',
    270_000,
    PROGRESS_EVERY_MS,
  );
  expect(await second.stop('SIGTERM')).toBe(0);

  const check = await open();
  try {
    expect(await renewalCounts(check.db)).toEqual({
      payments: TOTAL,
      succeeded: TOTAL,
      subscriptions: TOTAL,
      invoices: TOTAL,
      invoiced_payments: TOTAL,
      renewed_events: TOTAL,
    });
    // Each with the key of its period, and its next period from the old end.
    const { rows: keys } = await check.db.execute(
      sql`select count(*)::int as n from payments p where p.purpose = 'renewal' and p.idempotency_key = 'renewal:' || p.subscription_id || ':' || ${periodEnd.toISOString()}`,
    );
    expect(keys).toEqual([{ n: TOTAL }]);
    const { rows: periods } = await check.db.execute(
      sql`select status, count(*)::int as n from subscriptions where current_period_start = ${periodEnd.toISOString()}::timestamptz group by status`,
    );
    expect(periods).toEqual([{ status: 'active', n: TOTAL }]);
  } finally {
    await check.close();
  }
}

describe.skipIf(testDatabaseUrl)('renewals on PGlite', () => {
  it('charges and invoices each due subscription exactly once when the process is killed half-way', async () => {
    const dataDir = pgliteDataDir('enlaza-renewals-crash-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // PGlite: one process per data directory, so the API process runs the renewals (WORKERS=inline).
    await killMidRenewalsAndRestart(
      () => openDatabase({ kind: 'pglite', dataDir }),
      startServerPolled,
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      invoicesOverHttp,
    );
  });
});

describe.skipIf(!testDatabaseUrl)('renewals on PostgreSQL', () => {
  it('charges and invoices each due subscription exactly once when the worker is killed half-way', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    // The worker entry (`npm run worker`).
    await killMidRenewalsAndRestart(open, startWorker, { DATABASE_URL: scratch.url }, paymentsInDatabase(open));
  });
});
