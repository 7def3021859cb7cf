import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { paymentCustomers, paymentMethods, users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { createStripeProvider } from '../../src/modules/payments/providers/stripe.js';
import { createScratchDatabase, pgliteDataDir, testDatabaseUrl } from '../helpers/database.js';
import { expectOneRenewalCharged } from '../helpers/charged-once.js';
import { seedDueSubscriptions } from '../helpers/renewals.js';
import { startServerPolled, type ServerProcess } from '../helpers/server-process.js';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { stripeAppEnv } from '../helpers/stripe-app.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Two server processes started one after the other on a busy machine: the limit only stops a stuck run.
vi.setConfig({ testTimeout: 300_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A renewal charged through Stripe, and the process killed (SIGKILL) after Stripe charged but before
 * our transaction committed: the stand-in holds back its answer to the PaymentIntent until the
 * process is dead, so the charge happened "at Stripe" and nothing of it reached our database. A new
 * process takes the renewal up again with the same idempotency key, and Stripe's webhook about the
 * charge arrives too: one PaymentIntent created and confirmed, one payment, one invoice, and the
 * invoice record chain still verifies.
 */
async function killBetweenChargeAndCommit(
  standIn: StripeStandIn,
  open: () => Promise<DatabaseHandle>,
  start: (env: Record<string, string>) => Promise<ServerProcess>,
  env: Record<string, string>,
) {
  const periodEnd = new Date(Date.now() - 3_600_000);
  const setup = await open();
  let userId: string;
  try {
    await seedIfEmpty(setup.db, { admin: ADMIN, demo: DEMO });
    await seedDueSubscriptions(setup.db, 1, periodEnd, `crash${Date.now()}`);
    const [user] = await setup.db
      .select()
      .from(users)
      .where(sql`${users.email} like 'crash%@renewals.example'`);
    userId = user!.id;
    // The customer's card saved at Stripe (a SetupIntent confirmed "in the browser"), as the app keeps it.
    const stripe = createStripeProvider({
      secretKey: standIn.secretKey,
      publishableKey: standIn.publishableKey,
      webhookSecret: standIn.webhookSecret,
      api: standIn.sdkOptions,
      maxNetworkRetries: 0,
    });
    const customer = { userId, email: user!.email, name: user!.name, providerCustomerRef: null };
    const customerRef = await stripe.ensureCustomer(customer);
    const started = await stripe.startSetup({ ...customer, providerCustomerRef: customerRef }, 'card');
    await standIn.confirmSetupInBrowser(started.clientSecret, 'pm_card_visa');
    const saved = await stripe.finishSetup(started.setupId);
    if (saved.status !== 'succeeded') throw new Error(`the card was not saved: ${saved.status}`);
    await setup.db.insert(paymentCustomers).values({ userId, provider: 'stripe', providerCustomerRef: customerRef });
    await setup.db
      .update(paymentMethods)
      .set({ provider: 'stripe', providerToken: saved.method.ref })
      .where(eq(paymentMethods.userId, userId));
  } finally {
    await setup.close();
  }

  const settings = {
    JOB_TIMEOUT_SECONDS: '10',
    SCHEDULED_JOBS_EVERY_SECONDS: '2',
    ...stripeAppEnv(standIn),
    ...env,
  };
  const hold = standIn.holdPaymentIntentAnswers();
  const first = await start(settings);
  await hold.arrived;
  // Stripe charged; our process never hears it.
  expect(standIn.paymentIntentCounts()).toEqual({ created: 1, confirmed: 1 });
  await first.stop('SIGKILL');
  hold.release();

  const second = await start(settings);
  // Stripe's webhook about the charge reaches the new process (it may come before or after the retry).
  const succeeded = standIn.lastEvent('payment_intent.succeeded');
  const { payload, headers } = standIn.webhookRequest(succeeded);
  const posted = await fetch(`${second.url}/api/payments/stripe/webhook`, { method: 'POST', body: payload, headers });
  expect(posted.status).toBe(200);

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
  // The same webhook again, and the renewal run again: nothing more.
  await fetch(`${second.url}/api/payments/stripe/webhook`, { method: 'POST', body: payload, headers });
  const verified = await fetch(`${second.url}/api/admin/invoices/verify-chain`, { method: 'POST', headers: admin });
  expect(((await verified.json()) as { data: { ok: boolean } }).data.ok).toBe(true);
  expect(await second.stop('SIGTERM')).toBe(0);

  expect(standIn.paymentIntentCounts()).toEqual({ created: 1, confirmed: 1 });
  const check = await open();
  try {
    expect(await expectOneRenewalCharged(check.db, userId, periodEnd)).toBe(succeeded.data.object.id);
  } finally {
    await check.close();
  }
}

describe.skipIf(testDatabaseUrl)('a Stripe charge and a crash before our commit, on PGlite', () => {
  it('charges once, records one payment and one invoice after the restart', async () => {
    const standIn = await startStripeStandIn();
    cleanups.push(() => standIn.close());
    const dataDir = pgliteDataDir('enlaza-stripe-crash-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killBetweenChargeAndCommit(standIn, () => openDatabase({ kind: 'pglite', dataDir }), startServerPolled, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    expect(standIn.violations).toEqual([]);
  });
});

describe.skipIf(!testDatabaseUrl)('a Stripe charge and a crash before our commit, on PostgreSQL', () => {
  it('charges once, records one payment and one invoice after the server restarts', async () => {
    const standIn = await startStripeStandIn();
    cleanups.push(() => standIn.close());
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    await killBetweenChargeAndCommit(standIn, open, startServerPolled, { DATABASE_URL: scratch.url });
    expect(standIn.violations).toEqual([]);
  });
});
