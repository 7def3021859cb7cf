import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResultSchema, methodSetupSchema, paymentProviderInfoSchema, type PlansCatalogue } from '@enlaza/contracts';
import { invoices, payments, providerEvents } from '../../src/db/schema/index.js';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { stripeAppEnv } from '../helpers/stripe-app.js';
import { bearer, createTestApp, queueIdle, type TestContext } from '../helpers/test-app.js';
import { freeCustomer } from '../helpers/subscriber.js';

/**
 * The app with PAYMENT_PROVIDER=stripe, its SDK pointed at the stand-in (which checks every request
 * against Stripe's OpenAPI description): methods saved through SetupIntents confirmed "in the
 * browser", a checkout paid off a saved card, 3-D Secure completed by Stripe's webhook, a SEPA debit
 * settled by Stripe's webhook, and the webhook's signature checked, all through the API.
 */

let t: TestContext;
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    ...stripeAppEnv(standIn),
  });
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
    headers: { ...bearer(token), 'accept-language': 'en', 'user-agent': 'StripeTest/1.0' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any; code?: string }>() };
}

/** A Free customer, signed in, with no payment method. */
const customer = () => freeCustomer(t);

async function proMonthly(token: string) {
  const catalogue = (await call(token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
}

/** As the Methods screen does with Stripe.js: a setup, Stripe.js confirms it at Stripe, then the setup's id to us. */
async function saveMethod(token: string, testMethod: string, kind: 'card' | 'sepa_debit' = 'card') {
  const setup = methodSetupSchema.parse((await call(token, 'POST', '/api/user/methods/setup', { kind })).body.data);
  expect(setup).toMatchObject({ provider: 'stripe', publishableKey: standIn.publishableKey, testMode: true, kind });
  const confirmed = await standIn.confirmSetupInBrowser(setup.clientSecret, testMethod);
  if (confirmed.body.status === 'requires_action') standIn.authenticate(setup.setupId, 'pass');
  const saved = await call(token, 'POST', '/api/user/methods', {
    setupId: setup.setupId,
    ...(kind === 'sepa_debit' ? { mandateAccepted: true } : {}),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as { id: string; brand: string; last4: string; kind: string };
}

const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
const invoicesOf = (userId: string) => t.db.select().from(invoices).where(eq(invoices.userId, userId));

async function deliver(event: StandInEvent) {
  const { payload, headers } = standIn.webhookRequest(event);
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  await queueIdle(t.app, 'payments.');
  await queueIdle(t.app, 'event.');
}

describe('Stripe as the provider, through the API', () => {
  it('tells the screens Stripe, its publishable key and test mode', async () => {
    const { token } = await customer();
    const info = paymentProviderInfoSchema.parse((await call(token, 'GET', '/api/user/payment-provider')).body.data);
    expect(info).toEqual({
      name: 'stripe',
      testMode: true,
      methodKinds: ['card', 'sepa_debit'],
      publishableKey: standIn.publishableKey,
      bizum: false,
    });
  });

  it('saves a card without its number reaching us and pays a checkout off it: one PaymentIntent, one invoice', async () => {
    const { user, token } = await customer();
    const method = await saveMethod(token, 'pm_card_visa');
    expect(method).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242' });
    const before = standIn.paymentIntents().length;
    const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: randomUUID() };
    const paid = await call(token, 'POST', '/api/user/checkout', request);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(checkoutResultSchema.parse(paid.body.data).payment.status).toBe('succeeded');
    // The same request again: the same payment, no second PaymentIntent.
    expect((await call(token, 'POST', '/api/user/checkout', request)).status).toBe(200);
    expect(standIn.paymentIntents().length - before).toBe(1);
    const [payment] = await paymentsOf(user.id);
    expect(standIn.paymentIntent(payment!.providerChargeRef!)).toMatchObject({
      status: 'succeeded',
      amount: payment!.amountCents,
      currency: 'eur',
    });
    expect(await invoicesOf(user.id)).toHaveLength(1);
    // Our server's requests to Stripe carried no card number.
    for (const r of standIn.requests.filter((r) => r.caller === 'secret'))
      expect(`${r.query}&${r.body}`).not.toMatch(/=\d{13,19}(&|$)|card%5Bnumber%5D/);
  });

  it('3-D Secure: waits (202), and Stripe’s webhook after the customer authenticated completes it once', async () => {
    const { user, token } = await customer();
    const method = await saveMethod(token, 'pm_card_authenticationRequired');
    const first = await call(token, 'POST', '/api/user/checkout', {
      offerId: (await proMonthly(token)).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const waiting = checkoutResultSchema.parse(first.body.data);
    const [row] = await paymentsOf(user.id);
    expect(waiting.nextAction).toMatchObject({ kind: 'authenticate', provider: 'stripe', publishableKey: standIn.publishableKey });
    expect(waiting.nextAction!.clientSecret).toBe(standIn.paymentIntent(row!.providerChargeRef!).client_secret);
    standIn.authenticate(row!.providerChargeRef!, 'pass');
    const event = standIn.lastEvent('payment_intent.succeeded');
    await deliver(event);
    await deliver(event);
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id))).toHaveLength(1);
  });

  it('SEPA: processing at once, settled by Stripe’s webhook', async () => {
    const { user, token } = await customer();
    const method = await saveMethod(token, 'pm_sepaDebit', 'sepa_debit');
    expect(method).toMatchObject({ kind: 'sepa_debit', last4: '3000' });
    const res = await call(token, 'POST', '/api/user/checkout', {
      offerId: (await proMonthly(token)).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(checkoutResultSchema.parse(res.body.data).payment.status).toBe('processing');
    const [row] = await paymentsOf(user.id);
    await deliver(standIn.settle(row!.providerChargeRef!));
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('Stripe down during a checkout: 503, nothing applied; the same request once it is back charges once', async () => {
    const { user, token } = await customer();
    const method = await saveMethod(token, 'pm_card_visa');
    const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: randomUUID() };
    const before = standIn.paymentIntents().length;
    await standIn.stop();
    const down = await call(token, 'POST', '/api/user/checkout', request);
    await standIn.start();
    expect(down.status, JSON.stringify(down.body)).toBe(503);
    expect(down.body).toMatchObject({ code: 'payment.provider_unavailable' });
    expect(await invoicesOf(user.id)).toEqual([]);
    const paid = await call(token, 'POST', '/api/user/checkout', request);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await call(token, 'POST', '/api/user/checkout', request)).status).toBe(200);
    expect(standIn.paymentIntents().length - before).toBe(1);
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('the webhook refuses a bad signature (400) and records nothing', async () => {
    const event = standIn.lastEvent('payment_intent.succeeded');
    const { payload } = standIn.webhookRequest({ ...event, id: 'evt_forged' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: 0, code: 'webhook.stripe_signature_invalid' });
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'evt_forged'))).toEqual([]);
  });
});
