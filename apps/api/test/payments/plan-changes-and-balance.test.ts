import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutQuoteSchema, myPlanSchema, type PlansCatalogue } from '@enlaza/contracts';
import { customerCredits, invoices, payments, subscriptions } from '../../src/db/schema/index.js';
import { anchoredDate } from '../../src/modules/payments/index.js';
import { callAs, checkoutSubscriber, useTestClockApp } from '../helpers/subscriber.js';

// Plan changes as Stripe makes them (docs/billing.md, "Changing plans"), driven by the test clock:
// the same period length keeps the period and its anchor and charges the difference for the
// seconds left; another length starts a new period with the unused time credited; a credit larger
// than the charge goes to the customer's balance, which the next invoices use.
const app = useTestClockApp();
const DAY = 86_400_000;

/** `cents × part / whole` rounded half up, computed here apart from the product's code. */
const share = (cents: number, part: number, whole: number) => Math.floor((cents * part * 2 + whole) / (2 * whole));
const seconds = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 1000);
/** VAT at 21 % on a base, half up (one rate on the invoice). */
const withVat = (base: number) => base + Math.floor((base * 21 * 2 + 100) / 200);

async function advanceDays(days: number) {
  const res = await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.ran as { renewed: number };
}

const clockNow = async () => new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);

/** Moves the clock to the day after the subscription's period ends: its renewal runs. */
async function advancePastPeriodEnd(subscriptionId: string) {
  const end = (await subscriptionOf(subscriptionId)).currentPeriodEnd!;
  return advanceDays(Math.ceil((end.getTime() - (await clockNow()).getTime()) / DAY) + 1);
}

async function offer(token: string, plan: string, period: string) {
  const catalogue = (await callAs(app.t, token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === plan)!.offers.find((o) => o.period.code === period)!;
}

async function defaultMethod(token: string) {
  const methods = (await callAs(app.t, token, 'GET', '/api/user/methods')).body.data as { id: string; isDefault: boolean }[];
  return methods.find((m) => m.isDefault)!.id;
}

const subscriptionOf = async (id: string) => (await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const myPlan = async (token: string) => myPlanSchema.parse((await callAs(app.t, token, 'GET', '/api/user/myplan')).body.data);

describe('changing plans like Stripe', () => {
  it('Pro monthly → Business monthly ten days in: the period and anchor are kept, the difference for the seconds left; the renewal charges Business on the anchor', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const before = await subscriptionOf(s.subscriptionId);
    await advanceDays(10);
    const now = await clockNow();
    const business = await offer(s.token, 'business', 'monthly');
    const quote = checkoutQuoteSchema.parse(
      (await callAs(app.t, s.token, 'POST', '/api/user/checkout/quote', { offerId: business.id })).body.data,
    );
    const whole = seconds(before.currentPeriodStart, before.currentPeriodEnd!);
    const left = seconds(now, before.currentPeriodEnd!);
    const charge = share(2900, left, whole);
    const credit = share(900, left, whole);
    // The clock may tick a second between our reading and the quote's: the amounts are those of one of the two seconds.
    const [line, creditLine] = quote.lines.map((l) => l.amountCents);
    expect([charge, share(2900, left - 1, whole)]).toContain(line);
    expect([-credit, -share(900, left - 1, whole)]).toContain(creditLine);
    expect(quote).toMatchObject({
      kind: 'upgrade',
      periodStart: before.currentPeriodStart.toISOString(),
      periodEnd: before.currentPeriodEnd!.toISOString(),
      creditToBalanceCents: 0,
    });
    const paid = await callAs(app.t, s.token, 'POST', '/api/user/checkout', {
      offerId: business.id,
      methodId: await defaultMethod(s.token),
      idempotencyKey: `change-${s.user.id}`,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payment.amountCents).toBe(quote.price.totalCents);
    const after = await subscriptionOf(s.subscriptionId);
    expect(after).toMatchObject({
      currentPeriodStart: before.currentPeriodStart,
      currentPeriodEnd: before.currentPeriodEnd,
      billingAnchor: before.billingAnchor,
    });
    expect(after.offerSince).not.toBeNull();
    // MRR counts the change as a whole Business month (its line for the rest of the period, normalised
    // by its days; the seller's calendar days make it a few percent off), not as the part charged now.
    const { rows } = (await app.t.db.execute(
      sql`select billed_cents_per_month::float as cents from subscription_billed_charges where payment_id = ${paid.body.data.payment.id}`,
    )) as unknown as { rows: { cents: number }[] };
    expect(Math.abs(rows[0]!.cents - 2900)).toBeLessThan(290);

    // At the period's end the renewal charges a whole Business month, on the same anchor.
    expect((await advancePastPeriodEnd(s.subscriptionId)).renewed).toBeGreaterThanOrEqual(1);
    const renewed = await subscriptionOf(s.subscriptionId);
    expect(renewed.currentPeriodStart).toEqual(before.currentPeriodEnd);
    // Kept on the seller's (Madrid's) calendar, as the renewals count it.
    expect(renewed.currentPeriodEnd).toEqual(anchoredDate(before.billingAnchor!, 2, 'Europe/Madrid'));
    expect(renewed.offerSince).toBeNull();
    const [renewal] = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, s.subscriptionId), eq(payments.purpose, 'renewal')));
    expect(renewal!.amountCents).toBe(withVat(2900));
  });

  it('Pro yearly → Business monthly a month in: nothing to pay, the rest to the balance, which the next renewals use up', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'yearly');
    const before = await subscriptionOf(s.subscriptionId);
    await advanceDays(30);
    const now = await clockNow();
    const business = await offer(s.token, 'business', 'monthly');
    const quote = checkoutQuoteSchema.parse(
      (await callAs(app.t, s.token, 'POST', '/api/user/checkout/quote', { offerId: business.id })).body.data,
    );
    const credit = share(9000, seconds(now, before.currentPeriodEnd!), seconds(before.currentPeriodStart, before.currentPeriodEnd!));
    expect(quote.lines.map((l) => l.amountCents)).toEqual([2900, -2900]);
    expect(quote.price.totalCents).toBe(0);
    expect([credit - 2900, credit - 2901]).toContain(quote.creditToBalanceCents);

    const paid = await callAs(app.t, s.token, 'POST', '/api/user/checkout', {
      offerId: business.id,
      methodId: await defaultMethod(s.token),
      idempotencyKey: `change-${s.user.id}`,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payment.amountCents).toBe(0);
    // The provider was not asked; the invoice says what was bought and that the credit paid it.
    const [row] = await app.t.db.select().from(payments).where(eq(payments.id, paid.body.data.payment.id));
    expect(row!.providerChargeRef).toBeNull();
    const [invoice] = await app.t.db.select().from(invoices).where(eq(invoices.id, row!.invoiceId!));
    expect(invoice).toMatchObject({ subtotalCents: 0, totalCents: 0 });
    const balance = quote.creditToBalanceCents;
    expect((await myPlan(s.token)).creditBalanceCents).toBe(balance);
    // A new cycle anchored at the change: a Business month from now.
    const changed = await subscriptionOf(s.subscriptionId);
    expect(changed.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(changed.billingAnchor).toEqual(changed.currentPeriodStart);
    // The same key again answers the same payment, and adds nothing to the balance.
    const again = await callAs(app.t, s.token, 'POST', '/api/user/checkout', {
      offerId: business.id,
      methodId: await defaultMethod(s.token),
      idempotencyKey: `change-${s.user.id}`,
    });
    expect(again.body.data.payment.id).toBe(paid.body.data.payment.id);
    expect((await myPlan(s.token)).creditBalanceCents).toBe(balance);

    // Each renewal takes what it can from the balance; the card pays the rest once it runs out.
    const renewals: number[] = [];
    let left = balance;
    while (left > 0) {
      await advancePastPeriodEnd(s.subscriptionId);
      const charged = await app.t.db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, s.subscriptionId), eq(payments.purpose, 'renewal')))
        .orderBy(asc(payments.createdAt));
      renewals.push(charged.at(-1)!.amountCents);
      const used = Math.min(left, 2900);
      expect(charged.at(-1)!.amountCents).toBe(withVat(2900 - used));
      left -= used;
      expect((await myPlan(s.token)).creditBalanceCents).toBe(left);
    }
    expect(renewals.length).toBeGreaterThanOrEqual(2);
    const ledger = await app.t.db.select().from(customerCredits).where(eq(customerCredits.userId, s.user.id));
    expect(ledger.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(ledger.filter((e) => e.kind === 'plan_change')).toHaveLength(1);
  });
});
