import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminInvoiceListSchema, methodSetupSchema, paymentDetailSchema, paymentSchema, type PlansCatalogue } from '@enlaza/contracts';
import { z } from 'zod';
import {
  deliveries,
  invoices,
  notifications,
  paymentDisputes,
  paymentMethods,
  payments,
  paymentRefunds,
  plans,
  subscriptions,
  users,
} from '../../src/db/schema/index.js';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { stripeAppEnv } from '../helpers/stripe-app.js';
import { ADMIN, bearer, createTestApp, insertUser, login, queueIdle, settledDeliveries, type TestContext } from '../helpers/test-app.js';

/**
 * What Stripe reports of money that moved outside the app, through the app with
 * PAYMENT_PROVIDER=stripe and its SDK pointed at the stand-in (every request checked against Stripe's
 * OpenAPI description): disputes opened, reviewed, won and lost; refunds made in the Dashboard; saved
 * methods updated or detached there. Every event is delivered twice, and out of order, and each effect
 * happens once.
 */

let t: TestContext;
let standIn: StripeStandIn;
let admin: Record<string, string>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    ...stripeAppEnv(standIn),
  });
  admin = bearer(await login(t.app, ADMIN));
}, 240_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

async function call(headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any; code?: string }>() };
}

async function deliver(event: StandInEvent) {
  const { payload, headers } = standIn.webhookRequest(event);
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  await queueIdle(t.app, 'payments.');
  await queueIdle(t.app, 'event.');
}
/** Stripe delivers again (the same event id) and a copy under another id (as a retried send of the same change can be). */
async function deliverTwice(event: StandInEvent) {
  await deliver(event);
  await deliver(event);
  await deliver({ ...event, id: `${event.id}_again` });
}

/** A customer on Pro monthly, paid by card through Stripe. */
async function paidCustomer() {
  const user = await insertUser(t.db, { locale: 'en' });
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  const auth = bearer(await login(t.app, user));
  const setup = methodSetupSchema.parse((await call(auth, 'POST', '/api/user/methods/setup', { kind: 'card' })).body.data);
  await standIn.confirmSetupInBrowser(setup.clientSecret, 'pm_card_visa');
  const method = (await call(auth, 'POST', '/api/user/methods', { setupId: setup.setupId })).body.data as { id: string };
  const catalogue = (await call(auth, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  const offer = catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
  const paid = await call(auth, 'POST', '/api/user/checkout', { offerId: offer.id, methodId: method.id, idempotencyKey: randomUUID() });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
  return { user, auth, methodId: method.id, payment: payment! };
}

const pagos = async (auth: Record<string, string>) => z.array(paymentSchema).parse((await call(auth, 'GET', '/api/user/pagos')).body.data);
const creditNotesOf = (userId: string) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, 'credit_note')))
    .orderBy(asc(invoices.issuedAt));
const disputeNotifications = () => t.db.select().from(notifications).where(eq(notifications.type, 'payment_disputed'));
const runningOf = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).filter((s) => s.status === 'active');

describe('disputes reported by Stripe', () => {
  it('a dispute opened, reviewed and lost: recorded once, the admins told, a credit note for it once, the plan ended', async () => {
    const { user, auth, payment } = await paidCustomer();
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    const before = (await disputeNotifications()).length;
    const opened = standIn.openDispute(payment.providerChargeRef!, 'fraudulent');
    await deliverTwice(opened);

    const [dispute] = await t.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, payment.id));
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amountCents: payment.amountCents, closedAt: null });
    expect(dispute!.evidenceDueBy).toBeInstanceOf(Date);
    // Each admin once, in-app; the customer nothing.
    const told = (await disputeNotifications()).slice(before);
    expect(told.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.id).sort());
    expect(told[0]!.payload).toMatchObject({ paymentId: payment.id, customerUserId: user.id, amountCents: payment.amountCents });
    // Admins have no notification list in the app: theirs is emailed, with the link to the subscription.
    expect(told[0]).toMatchObject({ type: 'payment_disputed' });
    const mails = (await settledDeliveries(t.db, ADMIN.email)).filter((d) => d.subject.includes('Payment disputed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain(`/admin/suscripcions?open=${payment.subscriptionId}`);
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).map((n) => n.type)).not.toContain(
      'payment_disputed',
    );
    expect((await t.db.select().from(deliveries).where(eq(deliveries.toEmail, user.email))).map((d) => d.subject).join()).not.toMatch(
      /disput/i,
    );
    expect((await pagos(auth))[0]!.dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', closedAt: null });
    // The admin's subscription view shows it on the payment.
    const detail = await call(admin, 'GET', `/api/admin/subscriptions/${payment.subscriptionId}`);
    expect(detail.body.data.payments[0].dispute).toMatchObject({ status: 'needs_response', amountCents: payment.amountCents });
    // The customer's payment page, and the invoice in the admin's Facturas.
    const own = paymentDetailSchema.parse((await call(auth, 'GET', `/api/user/payments/${payment.id}`)).body.data);
    expect(own.payment.dispute).toMatchObject({ status: 'needs_response', amountCents: payment.amountCents });
    expect(await facturasDispute(user.email, payment.invoiceNumber!)).toEqual({ status: 'needs_response', closedAt: null });

    const reviewed = standIn.updateDispute(opened.data.object.id);
    await deliverTwice(reviewed);
    expect((await pagos(auth))[0]!.dispute!.status).toBe('under_review');
    expect(await creditNotesOf(user.id)).toEqual([]);

    const lost = standIn.closeDispute(opened.data.object.id, 'lost');
    await deliverTwice(lost);
    // A late "updated" and "created" change nothing any more.
    await deliver({ ...reviewed, id: `${reviewed.id}_late` });
    await deliver({ ...opened, id: `${opened.id}_late` });

    const rows = await t.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'lost' });
    expect(rows[0]!.closedAt).toBeInstanceOf(Date);
    const notes = await creditNotesOf(user.id);
    expect(notes.map((n) => [n.totalCents, n.refundKey])).toEqual([[-payment.amountCents, `dispute:${opened.data.object.id}`]]);
    expect(rows[0]!.creditNoteNumber).toBe(notes[0]!.number);
    // What it paid for is undone as a returned debit undoes it: the Pro subscription ended now.
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId!)))[0]!.status).not.toBe('active');
    const shown = (await pagos(auth))[0]!;
    expect(shown.dispute).toMatchObject({ status: 'lost', creditNoteNumber: notes[0]!.number });
    expect(await facturasDispute(user.email, payment.invoiceNumber!)).toEqual({ status: 'lost', closedAt: expect.any(String) });
    // Its credit note is no disputed payment's invoice.
    expect(await facturasDispute(user.email, notes[0]!.number)).toBeNull();
    expect(shown.creditNotes.map((n) => n.number)).toEqual([notes[0]!.number]);
    // Still one notification (and one email) per admin for this dispute; the customer was emailed nothing about it.
    expect((await disputeNotifications()).length - before).toBe(admins.length);
    expect((await settledDeliveries(t.db, ADMIN.email)).filter((d) => d.subject.includes('Payment disputed'))).toHaveLength(1);
    expect((await t.db.select().from(deliveries).where(eq(deliveries.toEmail, user.email))).map((d) => d.subject).join()).not.toMatch(
      /disput/i,
    );
  });

  it('a dispute won closes with no money change; one closed before its "created" was processed is recorded closed', async () => {
    const won = await paidCustomer();
    const opened = standIn.openDispute(won.payment.providerChargeRef!, 'product_not_received');
    await deliver(opened);
    await deliverTwice(standIn.closeDispute(opened.data.object.id, 'won'));
    expect((await pagos(won.auth))[0]!.dispute).toMatchObject({ status: 'won', creditNoteNumber: null });
    expect(await creditNotesOf(won.user.id)).toEqual([]);
    expect(await runningOf(won.user.id)).toHaveLength(1);

    // Out of order: "closed (lost)" arrives first, then "created".
    const late = await paidCustomer();
    const first = standIn.openDispute(late.payment.providerChargeRef!);
    const closed = standIn.closeDispute(first.data.object.id, 'lost');
    const before = (await disputeNotifications()).length;
    await deliverTwice(closed);
    await deliverTwice(first);
    expect(await t.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, late.payment.id))).toMatchObject([
      { status: 'lost' },
    ]);
    expect((await creditNotesOf(late.user.id)).map((n) => n.totalCents)).toEqual([-late.payment.amountCents]);
    // The admins still hear of it, once.
    expect((await disputeNotifications()).length - before).toBeGreaterThan(0);
    expect(new Set((await disputeNotifications()).slice(before).map((n) => n.userId)).size).toBe(
      (await disputeNotifications()).length - before,
    );
  });
});

/** The dispute mark of an invoice (by number) in the admin's Facturas, searched by the customer's email. */
async function facturasDispute(email: string, number: string) {
  const listed = adminInvoiceListSchema.parse((await call(admin, 'GET', `/api/admin/invoices?q=${encodeURIComponent(email)}`)).body);
  const row = listed.data.find((i) => i.number === number);
  expect(row, `invoice ${number} in Facturas`).toBeDefined();
  return row!.dispute;
}

describe('refunds made in Stripe’s Dashboard', () => {
  it('are recorded on the payment with a credit note each, once; the app’s own refunds change nothing more', async () => {
    const { user, auth, payment } = await paidCustomer();
    const { refund, event } = standIn.refundInDashboard(payment.providerChargeRef!, 500);
    await deliverTwice(event);
    let [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'partially_refunded', refundedCents: 500 });
    expect((await creditNotesOf(user.id)).map((n) => [n.totalCents, n.refundKey])).toEqual([[-500, `refund:${refund.id}`]]);
    expect((await pagos(auth))[0]).toMatchObject({ status: 'partially_refunded', refundedCents: 500, refundedAtProviderCents: 500 });

    // A credit note made in the app refunds through Stripe; its charge.refunded is recognised as ours.
    const credited = await call(admin, 'POST', `/api/admin/invoices/${payment.invoiceId}/credit-notes`, {
      amountCents: 300,
      reason: 'Goodwill',
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    await deliverTwice(standIn.lastEvent('charge.refunded'));
    [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'partially_refunded', refundedCents: 800 });
    expect((await creditNotesOf(user.id)).map((n) => n.totalCents)).toEqual([-500, -300]);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(2);

    // The rest refunded in the Dashboard: refunded in full, the invoice credited in full.
    const rest = standIn.refundInDashboard(payment.providerChargeRef!, payment.amountCents - 800);
    await deliverTwice(rest.event);
    [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'refunded', refundedCents: payment.amountCents });
    expect((await creditNotesOf(user.id)).map((n) => n.totalCents)).toEqual([-500, -300, -(payment.amountCents - 800)]);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, payment.invoiceId!)))[0]!.status).toBe('credited');
  });
});

describe('saved methods changed at Stripe', () => {
  it('an updated card gets its new expiry; a detached one is marked unusable, never the default nor charged', async () => {
    const { user, auth, methodId } = await paidCustomer();
    const [method] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    const updated = standIn.updateCard(method!.providerToken, { exp_month: 4, exp_year: 2031, last4: '4243' });
    await deliverTwice(updated);
    const listed = (await call(auth, 'GET', '/api/user/methods')).body.data as { id: string; expMonth: number; usable: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ id: methodId, expMonth: 4, expYear: 2031, last4: '4243', usable: true })]);

    await deliverTwice(standIn.detachInDashboard(method!.providerToken));
    const after = (await call(auth, 'GET', '/api/user/methods')).body.data as { id: string; usable: boolean; isDefault: boolean }[];
    expect(after).toEqual([expect.objectContaining({ id: methodId, usable: false, isDefault: false })]);
    expect(await t.app.payments.defaultMethod(user.id)).toBeUndefined();
    const again = await call(auth, 'POST', `/api/user/methods/${methodId}/default`);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'payment.method_detached' });
    const catalogue = (await call(auth, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
    const business = catalogue.plans.find((p) => p.code === 'business')?.offers[0];
    if (business) {
      const before = standIn.paymentIntents().length;
      const refused = await call(auth, 'POST', '/api/user/checkout', { offerId: business.id, methodId, idempotencyKey: randomUUID() });
      expect(refused.body).toMatchObject({ code: 'payment.method_detached' });
      expect(standIn.paymentIntents().length).toBe(before);
    }
  });
});
