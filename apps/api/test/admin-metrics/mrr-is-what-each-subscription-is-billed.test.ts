import { randomUUID } from 'node:crypto';
import { adminMetricsSchema } from '@enlaza/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingPeriods, offers, paymentMethods, payments, plans } from '../../src/db/schema/index.js';
import { quoteTotals, type InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { recordSubscriptionEvent } from '../../src/modules/subscriptions/index.js';
import { daysAgo, subscribe } from '../helpers/billing-fixture.js';
import { bearer, insertUser } from '../helpers/test-app.js';
import { checkoutSubscriber, useAdminApp } from '../helpers/subscriber.js';
import { saveTestMethodFor } from '../helpers/sandbox-methods.js';

/**
 * MRR counts what each subscription is billed (the plan lines of the invoice that last charged its
 * offer, before tax, per month), not the catalogue's price of today; revenue churn is the MRR of 30
 * days ago lost to customers who left or pay less now, over that MRR (docs/billing.md, "The admin dashboard").
 */
const app = useAdminApp();

async function metrics() {
  const res = await app.t.app.inject({ url: '/api/admin/dashboard/metrics', headers: bearer(app.admin) });
  expect(res.statusCode, res.body).toBe(200);
  return adminMetricsSchema.parse(res.json().data);
}

async function offerOf(plan: 'pro' | 'business', period: 'monthly' | 'yearly') {
  const [row] = await app.t.db
    .select({ offer: offers })
    .from(offers)
    .innerJoin(plans, eq(plans.id, offers.planId))
    .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
    .where(and(eq(plans.code, plan), eq(billingPeriods.code, period)));
  return row!.offer;
}

/** The admin changes an offer's price in the catalogue. */
async function reprice(plan: 'pro' | 'business', period: 'monthly' | 'yearly', priceCents: number) {
  const offer = await offerOf(plan, period);
  const res = await app.t.app.inject({
    method: 'PUT',
    url: `/api/admin/offers/${offer.id}`,
    headers: bearer(app.admin),
    payload: {
      planId: offer.planId,
      billingPeriodId: offer.billingPeriodId,
      accountTypeId: offer.accountTypeId,
      priceCents,
      taxId: offer.taxId,
      visible: offer.visible,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A charge of `months` of a plan at `baseCents` before tax on `when`, as a renewal (or a checkout)
 * leaves it: the payment, its invoice with the plan line and its period, and the history event
 * naming the payment, in one transaction.
 */
async function billedAt(
  userId: string,
  subscriptionId: string,
  baseCents: number,
  months: number,
  when: Date,
  kind: 'created' | 'renewed' = 'renewed',
) {
  const card = await saveTestMethodFor(app.t, { id: userId, name: 'Fixture' });
  const [method] = await app.t.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id));
  const end = new Date(when);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lines: InvoiceLineInput[] = [
    {
      description: { en: 'Plan', es: 'Plan', jp: 'プラン' },
      quantity: 1,
      unitAmountCents: baseCents,
      taxId: null,
      taxName: 'IVA 21 %',
      taxRateBasisPoints: 2100,
      period: { start: when, end },
    },
  ];
  const amountCents = quoteTotals(lines).totalCents;
  await app.t.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        methodId: method!.id,
        subscriptionId,
        idempotencyKey: randomUUID(),
        amountCents,
        status: 'succeeded',
        purpose: kind === 'created' ? 'subscription' : 'renewal',
        description: lines[0]!.description,
        provider: app.t.app.payments.provider.name,
        createdAt: when,
        updatedAt: when,
      })
      .returning();
    const invoice = await app.t.app.invoiceIssuer.issueInvoice(tx, {
      userId,
      paymentId: payment!.id,
      currency: 'EUR',
      locale: 'en',
      lines,
      taxRule: 'domestic',
      issuedAt: when,
    });
    await tx.update(payments).set({ invoiceId: invoice.id, invoiceNumber: invoice.number }).where(eq(payments.id, payment!.id));
    await recordSubscriptionEvent(tx, { subscriptionId, kind, detail: { paymentId: payment!.id, amountCents }, at: when });
  });
}

describe('MRR from what each subscription is billed', () => {
  it('keeps the price a subscription was billed when its offer is repriced, and spreads an annual one over 12 months', async () => {
    const before = await metrics();
    // Pro monthly is 9.00 € in the seeded catalogue; the yearly offer is made 120.00 € before it is bought.
    expect((await offerOf('pro', 'monthly')).priceCents).toBe(900);
    await reprice('pro', 'yearly', 12000);
    await checkoutSubscriber(app.t, 'pro', 'monthly');
    await checkoutSubscriber(app.t, 'pro', 'yearly');
    expect((await metrics()).mrrCents).toBe(before.mrrCents + 900 + 1000);

    // The catalogue's prices change afterwards: what these subscriptions are billed does not.
    await reprice('pro', 'monthly', 1200);
    await reprice('pro', 'yearly', 9000);
    expect((await metrics()).mrrCents).toBe(before.mrrCents + 900 + 1000);

    // An upgrade counts the new plan's line, not the credit for the unused part of the old one.
    const upgraded = await checkoutSubscriber(app.t, 'pro', 'monthly'); // billed 12.00 € now
    const business = await offerOf('business', 'monthly');
    const [method] = await app.t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, upgraded.user.id));
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/user/checkout',
      headers: bearer(upgraded.token),
      payload: { offerId: business.id, methodId: method!.id, idempotencyKey: 'upgrade-to-business' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await metrics()).mrrCents).toBe(before.mrrCents + 900 + 1000 + business.priceCents);
  });
});

describe('revenue churn', () => {
  it('is the MRR of 30 days ago lost to the customers who left and to downgrades, over that MRR', async () => {
    const before = await metrics();
    const old = { createdAt: daysAgo(100) };
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => insertUser(app.t.db, { ...old, name: `Revenue ${n}` })));
    // A: Pro monthly billed 9.00 € 35 and 5 days ago; still running.
    const sa = await subscribe(app.t, a!.id, 'pro', 'monthly', { ...old, currentPeriodStart: daysAgo(5) });
    await billedAt(a!.id, sa.subscription.id, 900, 1, daysAgo(35), 'created');
    await billedAt(a!.id, sa.subscription.id, 900, 1, daysAgo(5));
    // B: Business yearly billed 240.00 € (20.00 € a month) 60 days ago, whatever the catalogue says now; cancelled 10 days ago.
    const sb = await subscribe(app.t, b!.id, 'business', 'yearly', { ...old, status: 'cancelled' });
    await recordSubscriptionEvent(app.t.db, { subscriptionId: sb.subscription.id, kind: 'cancelled', at: daysAgo(10) });
    await billedAt(b!.id, sb.subscription.id, 24000, 12, daysAgo(60), 'created');

    const m = await metrics();
    expect(m.churn).toEqual({ startCustomers: 2, churnedCustomers: 1, rate: 0.5 });
    // 30 days ago: 900 + 24000 / 12 = 2900; B's 2000 is lost.
    expect(m.revenueChurn).toEqual({ startMrrCents: 2900, churnedMrrCents: 2000, contractionMrrCents: 0, rate: 2000 / 2900 });
    expect(m.mrrCents).toBe(before.mrrCents + 900);

    // C: Business monthly billed 29.00 € 40 days ago, renewed 10 days ago on Pro monthly at 9.00 € (a downgrade): 20.00 € contraction.
    const sc = await subscribe(app.t, c!.id, 'pro', 'monthly', { ...old, currentPeriodStart: daysAgo(10) });
    await billedAt(c!.id, sc.subscription.id, 2900, 1, daysAgo(40), 'created');
    await billedAt(c!.id, sc.subscription.id, 900, 1, daysAgo(10));
    const after = await metrics();
    expect(after.churn).toEqual({ startCustomers: 3, churnedCustomers: 1, rate: 1 / 3 });
    expect(after.revenueChurn).toEqual({
      startMrrCents: 5800,
      churnedMrrCents: 2000,
      contractionMrrCents: 2000,
      rate: 4000 / 5800,
    });
    expect(after.mrrCents).toBe(before.mrrCents + 900 + 900);
  });
});
