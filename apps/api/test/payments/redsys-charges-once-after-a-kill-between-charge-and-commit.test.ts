import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { paymentMethods, paymentRedsysOrders, users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { createRedsysProvider } from '../../src/modules/payments/providers/redsys.js';
import { createScratchDatabase, pgliteDataDir, testDatabaseUrl } from '../helpers/database.js';
import { REDSYS_PUBLIC_URL } from '../helpers/redsys-app.js';
import { pageSession, startRedsysStandIn, type RedsysStandIn } from '../helpers/redsys-stand-in.js';
import { expectOneRenewalCharged } from '../helpers/charged-once.js';
import { seedDueSubscriptions } from '../helpers/renewals.js';
import { startServerPolled, type ServerProcess } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Two server processes started one after the other on a busy machine: the limit only stops a stuck run.
vi.setConfig({ testTimeout: 300_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The customer's card saved on Redsys' page (a setup typed there "in the browser"), as the app keeps it. */
async function cardSavedAtRedsys(standIn: RedsysStandIn, db: DatabaseHandle['db'], user: { id: string; email: string; name: string }) {
  const env = standIn.env();
  const provider = createRedsysProvider(db, {
    merchantCode: env.REDSYS_MERCHANT_CODE,
    terminal: env.REDSYS_TERMINAL,
    secretKey: env.REDSYS_SECRET_KEY,
    environment: 'test',
    baseUrl: env.REDSYS_URL,
    bizum: false,
    publicUrl: REDSYS_PUBLIC_URL,
  });
  // Redsys' notification of the setup, applied as the app's notification route applies it.
  standIn.setDeliver(async (_url, form) => {
    await provider.applyResult(provider.verify(Object.fromEntries(form) as never));
    return 200;
  });
  const started = await provider.startSetup({ userId: user.id, email: user.email, name: user.name, providerCustomerRef: null }, 'card');
  // The signed form the Methods screen posts to Redsys' page.
  const form = JSON.parse(started.clientSecret) as { fields: Record<string, string> };
  const page = await standIn.post('/sis/realizarPago', form.fields);
  const done = await standIn.post('/sis/realizarPago/card', {
    session: pageSession(page.html),
    number: '4548812049400004',
    expiry: '3012',
    cvv: '123',
  });
  expect(done.status, done.html).toBe(302);
  await standIn.idle();
  const saved = await provider.finishSetup(started.setupId);
  if (saved.status !== 'succeeded') throw new Error(`the card was not saved: ${saved.status}`);
  await db.update(paymentMethods).set({ provider: 'redsys', providerToken: saved.method.ref }).where(eq(paymentMethods.userId, user.id));
  return saved.method.ref;
}

/**
 * A renewal charged through Redsys (a merchant-initiated REST authorisation with the saved card's
 * token), and the process killed (SIGKILL) after Redsys charged and notified but before our
 * transaction committed: the stand-in holds back its answer until the process is dead. A new process
 * takes the renewal up again under the same order number: the order's row, settled by the
 * notification, answers it without a second authorisation. One authorisation at Redsys, one payment,
 * one invoice, and the invoice record chain still verifies.
 */
async function killBetweenChargeAndCommit(
  standIn: RedsysStandIn,
  open: () => Promise<DatabaseHandle>,
  start: (env: Record<string, string>) => Promise<ServerProcess>,
  env: Record<string, string>,
) {
  const periodEnd = new Date(Date.now() - 3_600_000);
  const setup = await open();
  let userId: string;
  let token: string;
  try {
    await seedIfEmpty(setup.db, { admin: ADMIN, demo: DEMO });
    await seedDueSubscriptions(setup.db, 1, periodEnd, `rcrash${Date.now()}`);
    const [user] = await setup.db
      .select()
      .from(users)
      .where(sql`${users.email} like 'rcrash%@renewals.example'`);
    userId = user!.id;
    token = await cardSavedAtRedsys(standIn, setup.db, user!);
  } finally {
    await setup.close();
  }

  // Redsys posts its notifications to our public address: here, to the process running now (one that
  // is still starting, its port not known yet, gets it once it answers).
  let running: ServerProcess | undefined;
  standIn.setDeliver(async (url, form) => {
    while (!running) await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await fetch(`${running.url}${new URL(url).pathname}`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return res.status;
  });
  const settings = {
    JOB_TIMEOUT_SECONDS: '10',
    SCHEDULED_JOBS_EVERY_SECONDS: '2',
    ...standIn.env({ PUBLIC_URL: REDSYS_PUBLIC_URL }),
    ...env,
  };
  const renewalCharges = () => standIn.operations.filter((o) => o.token === token && o.mit);

  const hold = standIn.holdRestAnswers();
  running = await start(settings);
  await hold.arrived;
  await standIn.idle();
  // Redsys charged the card and notified the app; the renewal never heard the answer.
  expect(renewalCharges()).toEqual([expect.objectContaining({ response: '0000', type: '0' })]);
  expect(standIn.notifications.at(-1)?.status).toBe(200);
  await running.stop('SIGKILL');
  running = undefined;
  hold.release();

  running = await start(settings);
  const second = running;
  const login = await fetch(`${second.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const admin = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const invoiced = async () => {
    const res = await fetch(`${second.url}/api/admin/invoices?limit=10&series=F`, { headers: admin });
    return ((await res.json()) as { data: { number: string; userId: string }[] }).data.filter((i) => i.userId === userId);
  };
  await waitFor(async () => ((await invoiced()).length > 0 ? true : undefined), 'the renewal taken up again and invoiced', 240_000);
  const verified = await fetch(`${second.url}/api/admin/invoices/verify-chain`, { method: 'POST', headers: admin });
  expect(((await verified.json()) as { data: { ok: boolean } }).data.ok).toBe(true);
  expect(await second.stop('SIGTERM')).toBe(0);
  running = undefined;

  expect(renewalCharges()).toHaveLength(1);
  const check = await open();
  try {
    const ref = await expectOneRenewalCharged(check.db, userId, periodEnd);
    // The payment is the order the stand-in authorised, once.
    const orders = await check.db
      .select({ order: paymentRedsysOrders.order })
      .from(paymentRedsysOrders)
      .where(eq(paymentRedsysOrders.id, ref));
    expect(orders).toEqual([{ order: renewalCharges()[0]!.order }]);
  } finally {
    await check.close();
  }
}

describe.skipIf(testDatabaseUrl)('a Redsys charge and a crash before our commit, on PGlite', () => {
  it('charges once, records one payment and one invoice after the restart', async () => {
    const standIn = await startRedsysStandIn();
    cleanups.push(() => standIn.close());
    const dataDir = pgliteDataDir('enlaza-redsys-crash-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killBetweenChargeAndCommit(standIn, () => openDatabase({ kind: 'pglite', dataDir }), startServerPolled, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    expect(standIn.violations).toEqual([]);
  });
});

describe.skipIf(!testDatabaseUrl)('a Redsys charge and a crash before our commit, on PostgreSQL', () => {
  it('charges once, records one payment and one invoice after the server restarts', async () => {
    const standIn = await startRedsysStandIn();
    cleanups.push(() => standIn.close());
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    await killBetweenChargeAndCommit(standIn, open, startServerPolled, { DATABASE_URL: scratch.url });
    expect(standIn.violations).toEqual([]);
  });
});
