import { randomUUID } from 'node:crypto';
import { adminMetricsSchema } from '@enlaza/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceRevenueMonths, payments, plans, subscriptionFirstCharges, subscriptions } from '../../src/db/schema/index.js';
import { localMonth } from '../../src/lib/time-zone.js';
import { subscribe } from '../helpers/billing-fixture.js';
import { bearer, createAdminTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';
import { saveTestMethodAs, TEST_METHODS, type TestMethodId } from '../helpers/sandbox-methods.js';

// The dashboard's rollups are kept by the database in the transaction that records each payment,
// invoice and credit note: revenue per month and currency, and each subscription's first charge.
let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => void ({ t, admin } = await createAdminTestApp()), 240_000);
afterAll(() => t.close());

const CARDS = { ok: TEST_METHODS.ok, chargeFails: TEST_METHODS.chargeDeclined };
// The seller's calendar month (SELLER_TIME_ZONE, Europe/Madrid by default), as the rollup counts it.
const thisMonth = () => localMonth(new Date(), 'Europe/Madrid');

async function call(token: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { ...token, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any }>() };
}

/** A Free user (as registration leaves one), signed in, with a saved card. */
async function customerWithCard(number: TestMethodId) {
  const user = await insertUser(t.db);
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  const session = await login(t.app, user);
  const token = bearer(session);
  const card = await saveTestMethodAs(t, session, number, { holder: 'Rollup' });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  return { user, token, methodId: card.body.data.id as string };
}

const revenueRow = async () =>
  (await t.db.select().from(invoiceRevenueMonths).where(eq(invoiceRevenueMonths.month, thisMonth()))).find((r) => r.currency === 'EUR');
const dashboardRevenue = async () =>
  adminMetricsSchema.parse((await call(admin, 'GET', '/api/admin/dashboard/metrics')).body.data).revenueByMonth.at(-1)!;
const firstCharge = async (subscriptionId: string) =>
  (await t.db.select().from(subscriptionFirstCharges).where(eq(subscriptionFirstCharges.subscriptionId, subscriptionId)))[0];

describe('dashboard rollups', () => {
  it('a payment adds its invoice, a refund subtracts its credit note, a failed payment changes nothing', async () => {
    expect(await revenueRow()).toBeUndefined();
    expect(await dashboardRevenue()).toEqual({ month: thisMonth(), netCents: 0 });

    // A checkout to Pro monthly: 9.00 € before tax (10.89 € charged), invoiced now.
    const buyer = await customerWithCard(CARDS.ok);
    const catalogue = (await call(buyer.token, 'GET', '/api/user/plans')).body.data;
    const offer = catalogue.plans
      .find((p: { code: string }) => p.code === 'pro')
      .offers.find((o: { period: { code: string } }) => o.period.code === 'monthly');
    const bought = await call(buyer.token, 'POST', '/api/user/checkout', {
      offerId: offer.id,
      methodId: buyer.methodId,
      idempotencyKey: randomUUID(),
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(await revenueRow()).toMatchObject({ netCents: 900, documents: 1 });
    expect(await dashboardRevenue()).toEqual({ month: thisMonth(), netCents: 900 });
    // The payment was linked to the new subscription after it was recorded: its first charge follows.
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, bought.body.data.payment.id));
    expect(payment!.subscriptionId).not.toBeNull();
    expect((await firstCharge(payment!.subscriptionId!))?.firstChargedAt.getTime()).toBe(payment!.createdAt.getTime());

    // Refunded in full by a credit note (negative subtotal) issued now.
    const refund = await call(admin, 'POST', `/api/admin/invoices/${bought.body.data.payment.invoiceId}/credit-notes`, {
      reason: 'refund',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(await revenueRow()).toMatchObject({ netCents: 0, documents: 2 });
    expect(await dashboardRevenue()).toEqual({ month: thisMonth(), netCents: 0 });
    // A refunded payment was still charged: the subscription's first charge stays.
    expect((await firstCharge(payment!.subscriptionId!))?.firstChargedAt.getTime()).toBe(payment!.createdAt.getTime());

    // A renewal charge that the card refuses: a failed payment, no invoice, no first charge.
    const refused = await customerWithCard(CARDS.chargeFails);
    const { subscription, offer: yearly } = await subscribe(t, refused.user.id, 'business', 'yearly');
    const result = await t.app.payments.chargeOffer({
      userId: refused.user.id,
      subscriptionId: subscription.id,
      offerId: yearly.id,
      idempotencyKey: randomUUID(),
      period: { start: new Date(), end: new Date(Date.now() + 365 * 86_400_000) },
      previousPeriodStart: new Date(),
      apply: async () => {},
    });
    expect(result.ok).toBe(false);
    const [failed] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subscription.id));
    expect(failed?.status).toBe('failed');
    expect(await firstCharge(subscription.id)).toBeUndefined();
    expect(await revenueRow()).toMatchObject({ netCents: 0, documents: 2 });

    // Moved to another subscription, a charged payment takes its first charge along.
    await t.db.update(payments).set({ subscriptionId: subscription.id }).where(eq(payments.id, payment!.id));
    expect(await firstCharge(payment!.subscriptionId!)).toBeUndefined();
    expect((await firstCharge(subscription.id))?.firstChargedAt.getTime()).toBe(payment!.createdAt.getTime());
  });
});
