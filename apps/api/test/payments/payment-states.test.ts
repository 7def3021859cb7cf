import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutResultSchema,
  methodSetupSchema,
  paymentDetailSchema,
  paymentProviderInfoSchema,
  testClockSchema,
  type PlansCatalogue,
} from '@enlaza/contracts';
import { invoices, paymentMethods, payments, plans, subscriptionAddOns, subscriptions } from '../../src/db/schema/index.js';
import { linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { saveTestMethod, saveTestMethodAs, TEST_METHODS } from '../helpers/sandbox-methods.js';
import { ADMIN, bearer, createTestApp, login, queueIdle, type TestContext } from '../helpers/test-app.js';
import { freeCustomer } from '../helpers/subscriber.js';

// Payments with real states through the API, on the sandbox provider: methods saved through a
// setup (never a number), 3-D Secure (requires_action → the challenge → the same key completes it
// once), SEPA debits (processing → settled or returned days later on the product's clock), and a
// renewal that waits for the customer's authentication.
let t: TestContext;
let mail: Mailbox;
let admin: string;
const publicUrl = 'https://enlaza.example';
/** The seller's legal name: the creditor a SEPA mandate names. */
const SELLER_NAME = 'Cobros Ejemplo S.L.';
/** Every request this file makes to the API, as sent: none may carry a card number or an IBAN. */
const sent: string[] = [];

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ TEST_CLOCK_ENABLED: 'true', PUBLIC_URL: publicUrl, SELLER_NAME, ...mail.env });
  const inject = t.app.inject.bind(t.app) as (options: object) => unknown;
  t.app.inject = ((options: object) => {
    sent.push(JSON.stringify(options));
    return inject(options);
  }) as unknown as typeof t.app.inject;
  admin = await login(t.app, ADMIN);
}, 240_000);
afterAll(async () => {
  // No request to the API carried a card number (a field of 13–19 digits, spaced or not; the
  // well-known test numbers anywhere) or an IBAN.
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) {
    expect(request).not.toMatch(/(?<![\w@.-])(?:\d ?){12,18}\d(?![\w@.-])/);
    expect(request.replace(/\D/g, '')).not.toMatch(/4242424242424242|4000000000003184|4000002500003155|4000000000000002/);
    expect(request).not.toMatch(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,}/);
  }
  await t.close();
  await mail.close();
});

const DAY = 86_400_000;

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en', 'user-agent': 'PaymentStatesTest/1.0' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any; code?: string; message?: string; errors?: any }>() };
}

/** A Free customer, signed in, with no payment method. */
const customer = () => freeCustomer(t);

async function proMonthly(token: string) {
  const catalogue = (await call(token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
}

const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
const invoicesOf = (userId: string) => t.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.issuedAt));
const subscriptionOf = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt))).at(-1)!;
const clockNow = async () => new Date(testClockSchema.parse((await call(admin, 'GET', '/api/admin/test-clock')).body.data).now);

async function advanceDays(days: number) {
  const res = await call(admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settled();
}

/** Every event delivered and every email sent. */
async function settled() {
  await queueIdle(t.app, 'event.');
  await queueIdle(t.app, 'email.');
}

/** The scheduled sweep of debits still settling, run as the job queue runs it. */
async function sweep() {
  await t.app.platform.jobs.send('payments.sweep', {});
  await queueIdle(t.app, 'payments.');
  await settled();
}

/** The sandbox's 3-D Secure challenge for a payment waiting for `token`'s customer. */
async function authenticate(token: string, paymentId: string, result: 'pass' | 'fail') {
  const detail = paymentDetailSchema.parse((await call(token, 'GET', `/api/user/payments/${paymentId}`)).body.data);
  expect(detail.nextAction).toMatchObject({ kind: 'authenticate', provider: 'sandbox' });
  return call(token, 'POST', `/api/payments/sandbox/payments/${detail.nextAction!.clientSecret}/authenticate`, { result });
}

describe('saving methods through a setup', () => {
  it('answers the provider, its method kinds and no publishable key for the sandbox', async () => {
    const { token } = await customer();
    const info = paymentProviderInfoSchema.parse((await call(token, 'GET', '/api/user/payment-provider')).body.data);
    expect(info).toEqual({ name: 'sandbox', testMode: true, methodKinds: ['card', 'sepa_debit'], publishableKey: null, bizum: false });
  });

  it("refuses another customer's setup (404) at the sandbox's component and at saving, and saves nothing", async () => {
    const a = await customer();
    const b = await customer();
    const setup = methodSetupSchema.parse((await call(a.token, 'POST', '/api/user/methods/setup', { kind: 'card' })).body.data);
    expect(setup).toMatchObject({ provider: 'sandbox', testMode: true, kind: 'card', mandateText: null, publishableKey: null });
    const confirmByB = await call(b.token, 'POST', `/api/payments/sandbox/setups/${setup.setupId}/confirm`, {
      testMethod: TEST_METHODS.ok,
      holder: 'Bea',
    });
    expect(confirmByB.status).toBe(404);
    // Not completed yet: refused, translated.
    const early = await call(a.token, 'POST', '/api/user/methods', { setupId: setup.setupId });
    expect(early).toMatchObject({ status: 422, body: { code: 'payment.setup_incomplete' } });
    expect(
      (await call(a.token, 'POST', `/api/payments/sandbox/setups/${setup.setupId}/confirm`, { testMethod: TEST_METHODS.ok, holder: 'Ada' }))
        .status,
    ).toBe(200);
    expect((await call(b.token, 'POST', '/api/user/methods', { setupId: setup.setupId })).status).toBe(404);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, b.user.id))).toEqual([]);
    const saved = await call(a.token, 'POST', '/api/user/methods', { setupId: setup.setupId });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242', holder: 'Ada', isDefault: true });
  });

  it('refuses a SEPA account without its mandate accepted (422), and keeps the mandate, IP and browser of one accepted', async () => {
    const { user, token } = await customer();
    const refused = await saveTestMethodAs(t, token, TEST_METHODS.sepaSettles, { mandateAccepted: false });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'payment.mandate_required',
      message: 'Accept the SEPA Direct Debit mandate to save this account.',
    });
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([]);

    const setup = methodSetupSchema.parse((await call(token, 'POST', '/api/user/methods/setup', { kind: 'sepa_debit' })).body.data);
    // The mandate names the seller (the creditor) by its legal name, as the invoices do.
    expect(setup.mandateText).toContain(`authorise (A) ${SELLER_NAME} and its payment service provider`);
    await call(token, 'POST', `/api/payments/sandbox/setups/${setup.setupId}/confirm`, {
      testMethod: TEST_METHODS.sepaSettles,
      holder: 'Ada',
    });
    const saved = await call(token, 'POST', '/api/user/methods', { setupId: setup.setupId, mandateAccepted: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'sepa_debit', brand: 'sepa_debit', last4: '3000', expMonth: null, expYear: null });
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(row).toMatchObject({ mandateText: setup.mandateText, mandateIp: '127.0.0.1', mandateUserAgent: 'PaymentStatesTest/1.0' });
    expect(row!.mandateAcceptedAt).toBeInstanceOf(Date);
  });

  it('a test method of the wrong kind for the setup is refused by the sandbox component (422)', async () => {
    const { token } = await customer();
    const setup = methodSetupSchema.parse((await call(token, 'POST', '/api/user/methods/setup', { kind: 'card' })).body.data);
    const res = await call(token, 'POST', `/api/payments/sandbox/setups/${setup.setupId}/confirm`, {
      testMethod: TEST_METHODS.sepaSettles,
      holder: 'Ada',
    });
    expect(res.status).toBe(422);
  });

  it('removing a method detaches it at the provider: it cannot be charged again', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token);
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    expect((await call(token, 'GET', `/api/user/methods`)).body.data).toHaveLength(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/methods/${method.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    const charged = await t.app.payments.provider.charge({
      customer: { userId: user.id, email: user.email, name: user.name, providerCustomerRef: null },
      methodRef: row!.providerToken,
      amountCents: 100,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
      offSession: true,
      description: 'after removal',
    });
    expect(charged).toMatchObject({ status: 'failed' });
  });
});

describe('3-D Secure at checkout', () => {
  it('requires action (202, nothing applied), then after the challenge the same key completes it: succeeded, one invoice', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const offer = await proMonthly(token);
    const request = { offerId: offer.id, methodId: method.id, idempotencyKey: randomUUID() };

    const first = await call(token, 'POST', '/api/user/checkout', request);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const waiting = checkoutResultSchema.parse(first.body.data);
    expect(waiting.payment.status).toBe('requires_action');
    expect(waiting.nextAction).toMatchObject({ kind: 'authenticate', provider: 'sandbox' });
    expect(waiting.subscription.plan?.code).toBe('free');
    expect(await invoicesOf(user.id)).toEqual([]);
    // The same request before the challenge: still waiting, still one payment.
    expect((await call(token, 'POST', '/api/user/checkout', request)).status).toBe(202);

    // Another customer cannot pass this customer's challenge, nor read the payment.
    const other = await customer();
    expect((await call(other.token, 'GET', `/api/user/payments/${waiting.payment.id}`)).status).toBe(404);
    expect(
      (
        await call(other.token, 'POST', `/api/payments/sandbox/payments/${waiting.nextAction!.clientSecret}/authenticate`, {
          result: 'pass',
        })
      ).status,
    ).toBe(404);

    expect((await authenticate(token, waiting.payment.id, 'pass')).body.data).toEqual({ status: 'succeeded' });
    const done = await call(token, 'POST', '/api/user/checkout', request);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const paid = checkoutResultSchema.parse(done.body.data);
    expect(paid.payment).toMatchObject({ id: waiting.payment.id, status: 'succeeded' });
    expect(paid.nextAction).toBeUndefined();
    expect(paid.subscription.plan?.code).toBe('pro');
    // Again: the same payment, nothing more.
    expect((await call(token, 'POST', '/api/user/checkout', request)).status).toBe(200);
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    const issued = await invoicesOf(user.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ paymentId: waiting.payment.id, totalCents: waiting.payment.amountCents });
  });

  it('a failed challenge fails the payment (translated), with no invoice and the plan unchanged', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: randomUUID() };
    const first = await call(token, 'POST', '/api/user/checkout', request);
    expect(first.status).toBe(202);
    expect((await authenticate(token, first.body.data.payment.id, 'fail')).body.data).toEqual({ status: 'failed' });
    const again = await call(token, 'POST', '/api/user/checkout', request);
    expect(again.status).toBe(402);
    expect(again.body).toMatchObject({
      code: 'payment.authentication_failed',
      message: "The card's authentication did not succeed, so nothing was charged. Try again or use another method.",
    });
    expect((await paymentsOf(user.id)).map((p) => [p.status, p.failureCode])).toEqual([['failed', 'payment.authentication_failed']]);
    expect(await invoicesOf(user.id)).toEqual([]);
    expect((await subscriptionOf(user.id)).planId).toBe((await t.db.select().from(plans).where(eq(plans.code, 'free')))[0]!.id);
  });

  it('offers no Bizum where the provider has none: 422 on the checkout, the add-ons and a waiting payment’s page, nothing charged', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const offerId = (await proMonthly(token)).id;
    const refused = await call(token, 'POST', '/api/user/checkout', { offerId, bizum: true, idempotencyKey: randomUUID() });
    expect([refused.status, refused.body.code]).toEqual([422, 'payment.bizum_unavailable']);
    const addOnId = (await call(token, 'GET', '/api/user/paquetes')).body.data.addOns[0].id as string;
    const addOn = await call(token, 'POST', '/api/user/paquetes', { addOnId, bizum: true, idempotencyKey: randomUUID() });
    expect([addOn.status, addOn.body.code]).toEqual([422, 'payment.bizum_unavailable']);
    expect(await paymentsOf(user.id)).toEqual([]);
    const waiting = await call(token, 'POST', '/api/user/checkout', { offerId, methodId: method.id, idempotencyKey: randomUUID() });
    expect(waiting.status).toBe(202);
    const id = waiting.body.data.payment.id as string;
    expect(paymentDetailSchema.parse((await call(token, 'GET', `/api/user/payments/${id}`)).body.data).bizum).toBe(false);
    const byBizum = await call(token, 'POST', `/api/user/payments/${id}/bizum`);
    expect([byBizum.status, byBizum.body.code]).toEqual([422, 'payment.bizum_unavailable']);
    expect((await paymentsOf(user.id)).map((p) => [p.status, p.methodBrand])).toEqual([['requires_action', method.brand]]);
  });

  it('completes once when the repeated request, the confirm and the resume job race for it', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: randomUUID() };
    const first = await call(token, 'POST', '/api/user/checkout', request);
    expect(first.status).toBe(202);
    const id = first.body.data.payment.id as string;
    await authenticate(token, id, 'pass');
    const [again, confirmed, , last] = await Promise.all([
      call(token, 'POST', '/api/user/checkout', request),
      call(token, 'POST', `/api/user/payments/${id}/confirm`),
      t.app.payments.resumePayment(id),
      call(token, 'POST', '/api/user/checkout', request),
    ]);
    expect([again.status, confirmed.status, last.status]).toEqual([200, 200, 200]);
    await queueIdle(t.app, 'payments.');
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('completes from the payment page when the browser is gone: confirm delivers once, repeated it does nothing more', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateOnce);
    const first = await call(token, 'POST', '/api/user/checkout', {
      offerId: (await proMonthly(token)).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(first.status).toBe(202);
    const id = first.body.data.payment.id as string;
    await authenticate(token, id, 'pass');
    const confirmed = paymentDetailSchema.parse((await call(token, 'POST', `/api/user/payments/${id}/confirm`)).body.data);
    expect(confirmed).toMatchObject({ payment: { id, status: 'succeeded' }, nextAction: null });
    expect((await call(token, 'POST', `/api/user/payments/${id}/confirm`)).status).toBe(200);
    await queueIdle(t.app, 'payments.');
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect((await subscriptionOf(user.id)).status).toBe('active');
    // Authenticated once: a later off-session charge of that card goes through without the customer.
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    const later = await t.app.payments.provider.charge({
      customer: { userId: user.id, email: user.email, name: user.name, providerCustomerRef: null },
      methodRef: row!.providerToken,
      amountCents: 1089,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
      offSession: true,
      description: 'later',
    });
    expect(later.status).toBe('succeeded');
  });
});

describe('3-D Secure for an add-on', () => {
  it('answers 202 with the next action; after the challenge the same key buys it once', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const addOn = (await call(token, 'GET', '/api/user/paquetes')).body.data.addOns[0] as { id: string };
    const request = { addOnId: addOn.id, methodId: method.id, idempotencyKey: randomUUID() };
    const first = await call(token, 'POST', '/api/user/paquetes', request);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.data.nextAction).toMatchObject({ kind: 'authenticate' });
    const sub = await subscriptionOf(user.id);
    expect(await t.db.select().from(subscriptionAddOns).where(eq(subscriptionAddOns.subscriptionId, sub.id))).toEqual([]);
    await authenticate(token, first.body.data.payment.id, 'pass');
    expect((await call(token, 'POST', '/api/user/paquetes', request)).status).toBe(200);
    expect((await call(token, 'POST', '/api/user/paquetes', request)).status).toBe(200);
    expect(await t.db.select().from(subscriptionAddOns).where(eq(subscriptionAddOns.subscriptionId, sub.id))).toHaveLength(1);
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([['add_on', 'succeeded']]);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });
});

describe('SEPA Direct Debit', () => {
  it('is processing at once (plan active, invoice issued, no receipt yet), then settles 3 business days later: succeeded and the receipt', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.sepaSettles);
    const res = await call(token, 'POST', '/api/user/checkout', {
      offerId: (await proMonthly(token)).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = checkoutResultSchema.parse(res.body.data);
    expect(result.payment.status).toBe('processing');
    expect(result.subscription.plan?.code).toBe('pro');
    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ paymentId: result.payment.id });
    await settled();
    expect(mail.received.filter((m) => m.to.includes(user.email) && m.subject.includes(invoice!.number))).toEqual([]);

    // Not refundable while it settles (the provider would refuse): a credit note waits.
    await expect(t.app.payments.refundPayment(result.payment.id, 100, randomUUID())).rejects.toMatchObject({ code: 'request.conflict' });
    // Before the third business day the sweep finds it still settling.
    await sweep();
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['processing']);
    await advanceDays(5);
    await sweep();
    await sweep();
    const [paid] = await paymentsOf(user.id);
    expect(paid).toMatchObject({ status: 'succeeded' });
    expect(paid!.settledAt!.getTime()).toBeGreaterThan(Date.now() + 4 * DAY);
    const receipt = await mail.next(user.email, (m) => m.subject.includes(invoice!.number));
    expect(receipt.subject).toBe(`Your Enlaza receipt: invoice ${invoice!.number}`);
    expect(mail.received.filter((m) => m.to.includes(user.email) && m.subject.includes(invoice!.number))).toHaveLength(1);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('returned: failed, the invoice credited in full once, the plan ended once, the customer told once (the sweep run twice)', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.sepaFails);
    const res = await call(token, 'POST', '/api/user/checkout', {
      offerId: (await proMonthly(token)).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.payment.status).toBe('processing');
    expect((await subscriptionOf(user.id)).status).toBe('active');
    await advanceDays(5);
    await sweep();
    await sweep();
    const [failed] = await paymentsOf(user.id);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'payment.debit_failed' });
    const docs = await invoicesOf(user.id);
    expect(docs.map((d) => [d.kind, d.totalCents])).toEqual([
      ['invoice', failed!.amountCents],
      ['credit_note', -failed!.amountCents],
    ]);
    expect(docs[0]!.status).toBe('credited');
    expect(docs[1]!.correctedInvoiceId).toBe(docs[0]!.id);
    const pro = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.id, failed!.subscriptionId!)));
    expect(pro[0]!.status).toBe('cancelled');
    const told = await mail.next(user.email, (m) => m.subject.startsWith('Your direct debit of'));
    expect(told.text).toContain(docs[1]!.number);
    expect(linkIn(told, publicUrl)).toBe(`${publicUrl}/user/pagos`);
    expect(mail.received.filter((m) => m.to.includes(user.email) && m.subject.startsWith('Your direct debit of'))).toHaveLength(1);
  });
});

describe('a renewal paid by SEPA', () => {
  it('renews at once while the debit settles; returned, it is credited once and the subscription goes back to dunning', async () => {
    const { user, token } = await customer();
    const card = await saveTestMethod(t, token, TEST_METHODS.ok);
    expect(
      (
        await call(token, 'POST', '/api/user/checkout', {
          offerId: (await proMonthly(token)).id,
          methodId: card.id,
          idempotencyKey: randomUUID(),
        })
      ).status,
    ).toBe(200);
    await saveTestMethod(t, token, TEST_METHODS.sepaFails, { makeDefault: true });
    const sub = await subscriptionOf(user.id);
    const periodEnd = sub.currentPeriodEnd!;
    await advanceDays(Math.ceil((periodEnd.getTime() - (await clockNow()).getTime()) / DAY));
    const renewal = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    expect(renewal.status).toBe('processing');
    expect(await subscriptionOf(user.id)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd });

    // The debit is returned three business days later: swept twice, undone once.
    await t.app.payments.sweep();
    expect((await paymentsOf(user.id)).find((p) => p.id === renewal.id)!.status).toBe('processing');
    const res = await call(admin, 'POST', '/api/admin/test-clock/advance', { days: 5 });
    expect(res.status).toBe(200);
    await sweep();
    await sweep();
    expect((await paymentsOf(user.id)).find((p) => p.id === renewal.id)).toMatchObject({
      status: 'failed',
      failureCode: 'payment.debit_failed',
    });
    const back = await subscriptionOf(user.id);
    expect(back).toMatchObject({ status: 'past_due', currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: periodEnd });
    const notes = (await invoicesOf(user.id)).filter((i) => i.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalCents).toBe(-renewal.amountCents);
    expect(mail.received.filter((m) => m.to.includes(user.email) && m.subject.startsWith('Your direct debit of'))).toHaveLength(1);
    await mail.next(user.email, (m) => m.subject === 'We could not renew your Pro plan');
  });
});

describe('a renewal that needs the customer', () => {
  it('waits (past due, emailed a link to the payment), is not charged again meanwhile, and completes once after the challenge', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const key = randomUUID();
    const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: key };
    const bought = await call(token, 'POST', '/api/user/checkout', request);
    await authenticate(token, bought.body.data.payment.id, 'pass');
    expect((await call(token, 'POST', '/api/user/checkout', request)).status).toBe(200);
    const sub = await subscriptionOf(user.id);

    // The period ends: the off-session renewal charge needs the customer.
    const days = Math.ceil((sub.currentPeriodEnd!.getTime() - (await clockNow()).getTime()) / DAY);
    await advanceDays(days);
    expect((await subscriptionOf(user.id)).status).toBe('past_due');
    const renewal = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    expect(renewal.status).toBe('requires_action');
    const email = await mail.next(user.email, (m) => m.subject === 'Confirm the payment for your Pro plan');
    expect(linkIn(email, publicUrl)).toBe(`${publicUrl}/user/pagos/${renewal.id}`);

    // The first retry comes: no new charge, still waiting.
    await advanceDays(1);
    expect((await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal').map((p) => p.status)).toEqual(['requires_action']);
    expect((await subscriptionOf(user.id)).status).toBe('past_due');

    await authenticate(token, renewal.id, 'pass');
    const confirmed = paymentDetailSchema.parse((await call(token, 'POST', `/api/user/payments/${renewal.id}/confirm`)).body.data);
    expect(confirmed.payment.status).toBe('succeeded');
    expect((await call(token, 'POST', `/api/user/payments/${renewal.id}/confirm`)).status).toBe(200);
    await queueIdle(t.app, 'payments.');
    const after = await subscriptionOf(user.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart.getTime()).toBe(sub.currentPeriodEnd!.getTime());
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    expect((await invoicesOf(user.id)).filter((i) => i.paymentId === renewal.id)).toHaveLength(1);
    expect(await invoicesOf(user.id)).toHaveLength(2);
    expect(mail.received.filter((m) => m.subject === 'Confirm the payment for your Pro plan' && m.to.includes(user.email))).toHaveLength(1);
  });

  it('never authenticated: the retries ask about the same payment, charge nothing new, and the plan expires at the usual deadline', async () => {
    const { user, token } = await customer();
    const method = await saveTestMethod(t, token, TEST_METHODS.authenticateAlways);
    const request = { offerId: (await proMonthly(token)).id, methodId: method.id, idempotencyKey: randomUUID() };
    const bought = await call(token, 'POST', '/api/user/checkout', request);
    await authenticate(token, bought.body.data.payment.id, 'pass');
    expect((await call(token, 'POST', '/api/user/checkout', request)).status).toBe(200);
    const periodEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;
    await advanceDays(Math.ceil((periodEnd.getTime() - (await clockNow()).getTime()) / DAY));
    expect((await subscriptionOf(user.id)).status).toBe('past_due');
    // The retries at +1, +3 and +7 days.
    for (const days of [1, 2, 4]) await advanceDays(days);
    expect((await subscriptionOf(user.id)).status).toBe('expired');
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'requires_action'],
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect(mail.received.filter((m) => m.subject === 'Confirm the payment for your Pro plan' && m.to.includes(user.email))).toHaveLength(1);
  });
});
