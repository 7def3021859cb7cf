import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { methodSetupSchema, testClockSchema, type PlansCatalogue } from '@enlaza/contracts';
import { invoices, payments, subscriptionRenewals, subscriptions } from '../../src/db/schema/index.js';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { stripeAppEnv } from '../helpers/stripe-app.js';
import { ADMIN, bearer, createTestApp, login, queueIdle, settledDeliveries, type TestContext } from '../helpers/test-app.js';
import { freeCustomer } from '../helpers/subscriber.js';

/**
 * Renewals and debits that end days later with PAYMENT_PROVIDER=stripe, on the product's test clock,
 * the official SDK pointed at the stand-in (every request checked against Stripe's OpenAPI
 * description): a renewal the card's issuer wants authenticated (the customer emailed a link, the
 * renewal readied on its page, authenticated and completed once by Stripe's webhook), a SEPA debit the bank returns days later (the plan
 * and the invoice undone once), and Stripe down while the renewals run (retried later with the same
 * idempotency key, charged once); after them the invoice record chain verifies.
 */

const PUBLIC_URL = 'https://enlaza.example';
const DAY = 86_400_000;

let t: TestContext;
let standIn: StripeStandIn;
let admin: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...stripeAppEnv(standIn), TEST_CLOCK_ENABLED: 'true', PUBLIC_URL });
  admin = await login(t.app, ADMIN);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any; code?: string }>() };
}

async function proMonthly(token: string) {
  const catalogue = (await call(token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
}

/** As the Methods screen does with Stripe.js: a setup, confirmed at Stripe (authenticated if asked), then its id to us. */
async function saveMethod(token: string, testMethod: string, kind: 'card' | 'sepa_debit' = 'card') {
  const setup = methodSetupSchema.parse((await call(token, 'POST', '/api/user/methods/setup', { kind })).body.data);
  const confirmed = await standIn.confirmSetupInBrowser(setup.clientSecret, testMethod);
  if (confirmed.body.status === 'requires_action') standIn.authenticate(setup.setupId, 'pass');
  const saved = await call(token, 'POST', '/api/user/methods', {
    setupId: setup.setupId,
    ...(kind === 'sepa_debit' ? { mandateAccepted: true } : {}),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as { id: string };
}

const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
const invoicesOf = (userId: string) => t.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.issuedAt));
const subscriptionOf = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt))).at(-1)!;
const clockNow = async () => new Date(testClockSchema.parse((await call(admin, 'GET', '/api/admin/test-clock')).body.data).now);

/** The test clock moved on to `instant` (whole days), and what that started done. */
async function advanceTo(instant: Date) {
  const days = Math.max(1, Math.ceil((instant.getTime() - (await clockNow()).getTime()) / DAY));
  const res = await call(admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settled();
}

async function settled() {
  await queueIdle(t.app, 'payments.');
  await queueIdle(t.app, 'event.');
}

async function deliver(event: StandInEvent) {
  const { payload, headers } = standIn.webhookRequest(event);
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  await settled();
}

/** A Free customer who bought Pro monthly with `testMethod`, paid (authenticated at Stripe if the card asks). */
async function proCustomer(testMethod: string, kind: 'card' | 'sepa_debit' = 'card') {
  const { user, token } = await freeCustomer(t);
  const method = await saveMethod(token, testMethod, kind);
  const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: randomUUID() };
  const bought = await call(token, 'POST', '/api/user/checkout', request);
  if (bought.status === 202) {
    const [waiting] = await paymentsOf(user.id);
    standIn.authenticate(waiting!.providerChargeRef!, 'pass');
    await deliver(standIn.lastEvent('payment_intent.succeeded'));
  } else expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return { user, token, sub: await subscriptionOf(user.id) };
}

describe('renewals with Stripe', () => {
  it('a renewal the card’s issuer wants authenticated: past due, the customer emailed a link to its page, and the retries charge nothing new', async () => {
    const { user, sub } = await proCustomer('pm_card_authenticationRequired');
    await advanceTo(new Date(sub.currentPeriodEnd!.getTime() + DAY / 2));

    // Stripe refused the off-session PaymentIntent (authentication_required): the renewal waits for the customer.
    const renewal = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    expect(renewal.status).toBe('requires_action');
    expect(standIn.paymentIntent(renewal.providerChargeRef!).last_payment_error).toMatchObject({ code: 'authentication_required' });
    expect((await subscriptionOf(user.id)).status).toBe('past_due');
    const asked = (await settledDeliveries(t.db, user.email)).filter((d) => d.subject === 'Confirm the payment for your Pro plan');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.bodyText).toContain(`${PUBLIC_URL}/user/pagos/${renewal.id}`);

    // A day later the retry asks Stripe for nothing new.
    const intents = standIn.paymentIntents().length;
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(standIn.paymentIntents().length).toBe(intents);
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'requires_action'],
    ]);
  });

  it('that renewal completed once on its page: confirmed again on session, authenticated, then Stripe’s webhook twice: one invoice, the next period', async () => {
    const { user, token, sub } = await proCustomer('pm_card_authenticationRequired');
    await advanceTo(new Date(sub.currentPeriodEnd!.getTime() + DAY / 2));
    const renewal = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    const ref = renewal.providerChargeRef!;
    // As Stripe leaves it: handleNextAction cannot open a challenge for it yet.
    expect(standIn.paymentIntent(ref).status).toBe('requires_payment_method');
    const intents = standIn.paymentIntents().length;

    // Another customer cannot ready it.
    const other = await freeCustomer(t);
    expect((await call(other.token, 'POST', `/api/user/payments/${renewal.id}/authenticate`)).status).toBe(404);
    expect(standIn.paymentIntent(ref).status).toBe('requires_payment_method');

    // The customer opens its page: confirmed again, on session, with the card it tried; now the bank's challenge waits.
    const ready = await call(token, 'POST', `/api/user/payments/${renewal.id}/authenticate`);
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body.data.nextAction).toMatchObject({ provider: 'stripe', clientSecret: standIn.paymentIntent(ref).client_secret });
    expect(standIn.paymentIntent(ref).status).toBe('requires_action');
    // The page opened again: nothing more at Stripe.
    expect((await call(token, 'POST', `/api/user/payments/${renewal.id}/authenticate`)).body.data.payment.status).toBe('requires_action');
    expect(standIn.paymentIntents().length).toBe(intents);

    // Authenticated in Stripe's modal; Stripe's webhook, twice; the page's own confirmation after it.
    standIn.authenticate(ref, 'pass');
    const succeeded = standIn.lastEvent('payment_intent.succeeded');
    await deliver(succeeded);
    await deliver(succeeded);
    expect((await call(token, 'POST', `/api/user/payments/${renewal.id}/confirm`)).body.data.payment.status).toBe('succeeded');
    await settled();

    expect(standIn.paymentIntents().length).toBe(intents);
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(2);
    const after = await subscriptionOf(user.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(sub.currentPeriodEnd!.getTime());
    // The test clock is everyone's: cancelled at its period end, this plan charges nothing in the tests after this one.
    expect((await call(token, 'POST', '/api/user/myplan/cancel')).status).toBe(200);
  });

  it('a SEPA debit returned by the bank days later: the payment failed, its invoice credited in full and the plan ended once, Stripe’s event twice changing nothing more', async () => {
    const { user } = await proCustomer('pm_sepaDebit_fails', 'sepa_debit');
    const [payment] = await paymentsOf(user.id);
    expect(payment).toMatchObject({ purpose: 'subscription', status: 'processing' });
    expect((await subscriptionOf(user.id)).status).toBe('active');
    expect(await invoicesOf(user.id)).toHaveLength(1);

    // Days later on the test clock, the bank refuses the debit and Stripe says so.
    await advanceTo(new Date((await clockNow()).getTime() + 4 * DAY));
    const failed = standIn.settle(payment!.providerChargeRef!);
    expect(failed.type).toBe('payment_intent.payment_failed');
    await deliver(failed);
    await deliver(failed);
    await deliver({ ...failed, id: `${failed.id}_again` });

    expect((await paymentsOf(user.id)).map((p) => [p.status, p.failureCode])).toEqual([['failed', 'payment.debit_failed']]);
    const notes = (await invoicesOf(user.id)).filter((i) => i.kind === 'credit_note');
    expect(notes.map((n) => n.totalCents)).toEqual([-payment!.amountCents]);
    expect((await subscriptionOf(user.id)).status).not.toBe('active');
  });

  it('Stripe charges but its answer is lost, then Stripe is down: the renewal retried the next day with the same idempotency key, charged once, one invoice', async () => {
    const { user, sub } = await proCustomer('pm_card_visa');
    const before = standIn.paymentIntentCounts();
    const requestsBefore = standIn.requests.length;

    // The renewal's PaymentIntent runs at Stripe (the card is charged), its answer never comes back,
    // and Stripe stops answering: the SDK's own retries fail too.
    const hold = standIn.holdPaymentIntentAnswers();
    const advancing = advanceTo(new Date(sub.currentPeriodEnd!.getTime() + DAY / 2));
    await hold.arrived;
    await standIn.stop();
    await advancing;
    await standIn.start();
    hold.release();
    expect((await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal' && p.status === 'succeeded')).toEqual([]);

    // The renewal that threw keeps its lease (real time) until it expires: here, at once. The next day's run asks again.
    await t.db.update(subscriptionRenewals).set({ leaseUntil: null }).where(eq(subscriptionRenewals.subscriptionId, sub.id));
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    const renewals = (await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal');
    expect(renewals.map((p) => p.status)).toEqual(['succeeded']);
    // With the same key Stripe answered the PaymentIntent it had made: one made, one charged.
    const created = standIn.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(new Set(created.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(created.some((r) => r.replayed)).toBe(true);
    const after = standIn.paymentIntentCounts();
    expect([after.created - before.created, after.confirmed - before.confirmed]).toEqual([1, 1]);
    expect((await invoicesOf(user.id)).filter((i) => i.paymentId === renewals[0]!.id)).toHaveLength(1);
    expect((await subscriptionOf(user.id)).status).toBe('active');
  });

  it('a renewal the card declines, retried until the customer makes a working card the default: charged then, once, one invoice, the same period', async () => {
    const { user, token, sub } = await proCustomer('pm_card_visa');
    const failing = await saveMethod(token, 'pm_card_chargeCustomerFail');
    expect((await call(token, 'POST', `/api/user/methods/${failing.id}/default`)).status).toBe(200);
    const customerRef = standIn.paymentIntents().find((pi) => (pi.metadata as { userId?: string }).userId === user.id)!.customer;
    const intentsOf = () => standIn.paymentIntents().filter((pi) => pi.customer === customerRef);

    // Declined at the renewal, and again at the next day's retry: past due, no invoice but the first.
    await advanceTo(new Date(sub.currentPeriodEnd!.getTime() + DAY / 2));
    await advanceTo(new Date(sub.currentPeriodEnd!.getTime() + DAY + DAY / 2));
    expect((await subscriptionOf(user.id)).status).toBe('past_due');
    expect((await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal').map((p) => p.status)).not.toContain('succeeded');
    expect(await invoicesOf(user.id)).toHaveLength(1);

    // A working card made the default: the renewal is charged at once, on the same period.
    const working = await saveMethod(token, 'pm_card_mastercard');
    expect((await call(token, 'POST', `/api/user/methods/${working.id}/default`)).status).toBe(200);
    await settled();
    const after = await subscriptionOf(user.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart.getTime()).toBe(sub.currentPeriodEnd!.getTime());
    const paid = (await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal' && p.status === 'succeeded');
    expect(paid).toHaveLength(1);
    expect(intentsOf().filter((pi) => pi.status === 'succeeded' && pi.payment_method !== null)).toHaveLength(2);
    const invoiced = await invoicesOf(user.id);
    expect(invoiced).toHaveLength(2);
    expect(invoiced.filter((i) => i.paymentId === paid[0]!.id)).toHaveLength(1);
    // A day later nothing more is charged; cancelled at its period end, nothing in the tests after this one.
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(intentsOf().filter((pi) => pi.status === 'succeeded')).toHaveLength(2);
    expect((await call(token, 'POST', '/api/user/myplan/cancel')).status).toBe(200);
  });

  it('after all of them, the invoice record chain (VERI*FACTU) still verifies', async () => {
    const verified = await call(admin, 'POST', '/api/admin/invoices/verify-chain');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toMatchObject({ ok: true });
  });
});
