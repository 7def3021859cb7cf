import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testClockAdvanceResultSchema } from '@enlaza/contracts';
import { invoices, payments, subscriptions } from '../../src/db/schema/index.js';
import { couponWithCode, offerOf } from '../helpers/coupons.js';
import { queueIdle } from '../helpers/test-app.js';
import { callAs, signedInFreeCustomer, useTestClockApp } from '../helpers/subscriber.js';

/**
 * A `repeating` coupon comes off the renewals of its months and then the full price is charged; a
 * `once` coupon only off the first invoice. The dashboard's MRR counts what is billed after a
 * recurring discount (a forever 50 % halves it), and not a once coupon's.
 */
const app = useTestClockApp();
const DAY = 86_400_000;

const mrr = async () => (await callAs(app.t, app.admin, 'GET', '/api/admin/dashboard/metrics')).body.data.mrrCents as number;

/** Moves the test clock to within half a day of `instant`, running the renewals that fell due. */
async function advanceTo(instant: Date) {
  const days = Math.max(1, Math.round((instant.getTime() - (await app.clockNow()).getTime()) / DAY));
  const res = await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await queueIdle(app.t.app, 'event.');
  return testClockAdvanceResultSchema.parse(res.body.data);
}

/** A Spanish customer on Pro monthly bought with `code`. */
async function subscribedWith(code: string) {
  const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
  const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
  const paid = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
    offerId: pro.id,
    methodId: buyer.methodId,
    idempotencyKey: randomUUID(),
    promotionCode: code,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [sub] = await app.t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, buyer.user.id))
    .orderBy(asc(subscriptions.createdAt));
  return { ...buyer, subscriptionId: sub!.id };
}

/** The subtotals (before tax) of the subscription's invoices, oldest first. */
const subtotals = async (userId: string) =>
  (
    await app.t.db
      .select({ subtotal: invoices.subtotalCents })
      .from(payments)
      .innerJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
      .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.createdAt))
  ).map((r) => r.subtotal);

describe('a coupon over the renewals', () => {
  it('MRR: a forever 50 % coupon halves the subscription’s share, a once coupon does not change it', async () => {
    const before = await mrr();
    const forever = await couponWithCode(app.t, app.admin, { percentOff: 50, duration: 'forever' });
    await subscribedWith(forever.code.code);
    expect((await mrr()) - before).toBe(450);
    const once = await couponWithCode(app.t, app.admin, { percentOff: 50, duration: 'once' });
    await subscribedWith(once.code.code);
    expect((await mrr()) - before).toBe(450 + 900);
  });

  it('repeating for 2 months: the first invoice and one renewal at half price, then full price; once: only the first', async () => {
    const repeating = await couponWithCode(app.t, app.admin, { percentOff: 50, duration: 'repeating', durationInMonths: 2 });
    const once = await couponWithCode(app.t, app.admin, { percentOff: 50, duration: 'once' });
    const twoMonths = await subscribedWith(repeating.code.code);
    const firstOnly = await subscribedWith(once.code.code);
    for (let renewal = 0; renewal < 2; renewal++) {
      const [sub] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, twoMonths.subscriptionId));
      await advanceTo(new Date(sub!.currentPeriodEnd!.getTime() + DAY / 2));
    }
    expect(await subtotals(twoMonths.user.id)).toEqual([450, 450, 900]);
    expect(await subtotals(firstOnly.user.id)).toEqual([450, 900, 900]);
    // The first renewal's discount line covers the renewed period; the second renewal has the plan line only.
    const paid = await app.t.db
      .select({ invoiceId: payments.invoiceId })
      .from(payments)
      .where(and(eq(payments.userId, twoMonths.user.id), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.createdAt));
    const invoiceOf = async (id: string | null) => (await callAs(app.t, twoMonths.token, 'GET', `/api/invoices/${id}`)).body.data;
    const [, firstRenewal, secondRenewal] = await Promise.all(paid.map((p) => invoiceOf(p.invoiceId)));
    expect(firstRenewal.lines[1]).toMatchObject({ baseCents: -450, periodStart: firstRenewal.lines[0].periodStart });
    expect(firstRenewal.lines[1].description).toContain(repeating.code.code);
    expect(secondRenewal.lines).toHaveLength(1);
  });

  it('an archived forever coupon keeps discounting the renewals of those who redeemed it', async () => {
    const forever = await couponWithCode(app.t, app.admin, { percentOff: 50, duration: 'forever' });
    const kept = await subscribedWith(forever.code.code);
    await callAs(app.t, app.admin, 'POST', `/api/admin/coupons/${forever.coupon.id}/archive`);
    const [sub] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, kept.subscriptionId));
    await advanceTo(new Date(sub!.currentPeriodEnd!.getTime() + DAY / 2));
    expect(await subtotals(kept.user.id)).toEqual([450, 450]);
  });
});
