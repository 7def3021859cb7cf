import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { startAeatStandIn, type AeatStandIn } from '../helpers/aeat-stand-in.js';
import { createScratchDatabase, testDatabaseUrl, pgliteDataDir } from '../helpers/database.js';
import { chargeProLine, customerWithCard } from '../helpers/invoice-customers.js';
import { startServerPolled, startWorker, type ServerProcess } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Two processes and 200 invoices sent in requests of 10.
vi.setConfig({ testTimeout: 300_000 });

const TOTAL = 200;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Issues TOTAL invoices through the app (each writes its record and enqueues its sending) while
 * the AEAT answers 503, so every record is still pending when the app closes.
 */
async function issueWhileTheAeatFails(database: DatabaseHandle, env: Record<string, string>, aeat: AeatStandIn) {
  aeat.behave({ kind: 'status', status: 503 });
  await seedIfEmpty(database.db, { admin: ADMIN, demo: DEMO });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', COUNTRY_LOOKUP_URL: 'https://lookup.example/s', ...env });
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const t = { app, database, db: database.db, close: async () => {} };
    const c = await customerWithCard(t);
    for (let i = 0; i < TOTAL; i += 1) await chargeProLine(app.payments, c);
  } finally {
    await app.close();
  }
}

/** Submission states, as the database holds them (the process that sent them is gone). */
async function states(database: DatabaseHandle) {
  const { rows } = await database.db.execute(
    sql`select state, count(*)::int as n, min(attempts)::int as min_attempts from invoice_record_submissions group by state order by state`,
  );
  return rows as { state: string; n: number; min_attempts: number }[];
}

/**
 * 200 records are pending; the process sending them (requests of 10, the stand-in slow to answer)
 * is killed (SIGKILL) once about 80 are registered at the AEAT, and a new one started: every record
 * is registered exactly once, in chain order, and ends accepted — one the AEAT registered just
 * before the kill is answered "duplicado" when sent again, which counts as accepted.
 */
async function killMidSendingAndRestart(
  open: () => Promise<DatabaseHandle>,
  start: (env: Record<string, string>) => Promise<ServerProcess>,
  env: Record<string, string>,
) {
  const aeat = await startAeatStandIn();
  cleanups.push(() => aeat.close());
  // The schedule's sweep every 2 s and a 10 s lease on both databases: the restart picks up what the
  // killed process held without waiting for the minute's tick or the default 300 s lease.
  const sending = {
    JOB_TIMEOUT_SECONDS: '10',
    SCHEDULED_JOBS_EVERY_SECONDS: '2',
    ...env,
    VERIFACTU_MODE: 'verifactu',
    VERIFACTU_ENDPOINT: aeat.url,
    VERIFACTU_BATCH_SIZE: '10',
  };
  const setup = await open();
  try {
    await issueWhileTheAeatFails(setup, sending, aeat);
    expect(await states(setup)).toEqual([{ state: 'pending', n: TOTAL, min_attempts: expect.any(Number) as number }]);
  } finally {
    await setup.close();
  }
  const registeredBefore = aeat.registered().size;
  expect(registeredBefore).toBe(0);

  aeat.behave({ kind: 'accept' });
  aeat.setDelay(150);
  const first = await start(sending);
  await waitFor(async () => (aeat.registered().size >= 80 ? true : undefined), 'records registered before the crash', 120_000);
  await first.stop('SIGKILL');
  const atKill = aeat.registered().size;
  expect(atKill).toBeLessThan(TOTAL);

  aeat.setDelay(0);
  const second = await start(sending);
  await waitFor(async () => (aeat.registered().size >= TOTAL ? true : undefined), 'every record registered after the restart', 120_000);
  // The restarted process stores the last answers, then has nothing pending.
  expect(await stopWhenSettled(second)).toBe(0);

  const check = await open();
  try {
    const final = await states(check);
    expect(final.map(({ state, n }) => ({ state, n }))).toEqual([{ state: 'accepted', n: TOTAL }]);
  } finally {
    await check.close();
  }
  // Exactly once each at the AEAT, in chain order, the chain unbroken.
  expect([...aeat.registered().values()]).toEqual(Array.from({ length: TOTAL }, () => 1));
  expect(aeat.received).toHaveLength(TOTAL);
  expect(aeat.chainBreaks).toEqual([]);
  expect(aeat.schemaErrors).toEqual([]);
  // Resent only what was in flight at the kill (one request at most).
  expect([...aeat.duplicates.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
}

let settledCheck: (() => Promise<boolean>) | null = null;
/** Waits until nothing is pending (as `settledCheck` reads it), then stops the process. */
async function stopWhenSettled(running: ServerProcess): Promise<number | null> {
  if (settledCheck) await waitFor(async () => ((await settledCheck!()) ? true : undefined), 'no record pending', 60_000);
  return running.stop('SIGTERM');
}

describe.skipIf(testDatabaseUrl)('VERI*FACTU sending on PGlite', () => {
  it('registers each of 200 records exactly once at the AEAT when the process is killed half-way', async () => {
    const dataDir = pgliteDataDir('enlaza-verifactu-crash-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // PGlite: one process per data directory; ask the running one over HTTP whether anything is pending.
    let server: ServerProcess | null = null;
    settledCheck = async () => {
      const login = await fetch(`${server!.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const res = await fetch(`${server!.url}/api/admin/invoices/submissions?state=pending&limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: unknown[] }).data.length === 0;
    };
    await killMidSendingAndRestart(
      () => openDatabase({ kind: 'pglite', dataDir }),
      async (env) => (server = await startServerPolled(env)),
      { DATA_DIR: dataDir, DATABASE_URL: '' },
    );
  });
});

describe.skipIf(!testDatabaseUrl)('VERI*FACTU sending on PostgreSQL', () => {
  it('registers each of 200 records exactly once at the AEAT when the worker is killed half-way', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    settledCheck = async () => {
      const db = await open();
      try {
        return (await states(db)).every((s) => s.state !== 'pending');
      } finally {
        await db.close();
      }
    };
    // The worker entry (`npm run worker`).
    await killMidSendingAndRestart(open, startWorker, { DATABASE_URL: scratch.url });
  });
});
