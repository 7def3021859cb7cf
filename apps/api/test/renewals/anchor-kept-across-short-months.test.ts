import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, payments, subscriptions } from '../../src/db/schema/index.js';
import { localDate } from '../../src/lib/time-zone.js';
import { callAs, checkoutSubscriber, useTestClockApp } from '../helpers/subscriber.js';

// The seller's calendar is UTC here, so the clock's UTC days are the days the anchor is kept on
// whatever the hour the test runs at (Madrid's calendar across a daylight-saving change: billing-anchor.test.ts).
const app = useTestClockApp({ SELLER_TIME_ZONE: 'UTC' });

const DAY = 86_400_000;
const clockNow = () => app.clockNow();
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
/** Whole days from the clock's UTC day to `day`'s (the clock moves by whole days and keeps its time of day). */
async function advanceToDay(day: string) {
  const now = await clockNow();
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${utcDay(now)}T00:00:00Z`)) / DAY);
  expect(days).toBeGreaterThan(0);
  const res = await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(utcDay(await clockNow())).toBe(day);
  return res.body.data.ran as { renewed: number };
}

describe('renewals keep the billing anchor across short months (the test clock drives them)', () => {
  it('a subscription started on 31 January renews on 28 February, 31 March and 30 April', async () => {
    // The next 31 January (UTC) of the product's clock, then a checkout on it.
    const today = await clockNow();
    const year = today.getUTCMonth() === 0 && today.getUTCDate() < 31 ? today.getUTCFullYear() : today.getUTCFullYear() + 1;
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    await advanceToDay(`${year}-01-31`);
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const february = `${year}-02-${leap(year) ? 29 : 28}`;
    expect(utcDay(s.periodEnd)).toBe(february);

    const ends: string[] = [];
    const periods: { start: Date; end: Date }[] = [];
    const subscription = async () => (await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId)))[0]!;
    for (const day of [february, `${year}-03-31`, `${year}-04-30`]) {
      // The renewal is due at the period end's time of day: the day after it, whatever the hour.
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY);
      expect((await advanceToDay(utcDay(next))).renewed).toBe(1);
      const renewed = await subscription();
      expect(renewed.status).toBe('active');
      expect(utcDay(renewed.currentPeriodStart)).toBe(day);
      ends.push(utcDay(renewed.currentPeriodEnd!));
      periods.push({ start: renewed.currentPeriodStart, end: renewed.currentPeriodEnd! });
    }
    expect(ends).toEqual([`${year}-03-31`, `${year}-04-30`, `${year}-05-31`]);
    // Each renewal was charged once, with its period end's key.
    const charged = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, s.subscriptionId), eq(payments.purpose, 'renewal')))
      .orderBy(asc(payments.createdAt));
    expect(charged.map((p) => p.idempotencyKey.slice(-24, -14))).toEqual([february, `${year}-03-31`, `${year}-04-30`]);
    // Each renewal's invoice says the period it paid for, as the seller's calendar days.
    for (const [i, payment] of charged.entries()) {
      const [line] = await app.t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, payment.invoiceId!));
      expect(line).toMatchObject({
        periodStart: localDate(periods[i]!.start, 'UTC'),
        periodEnd: localDate(periods[i]!.end, 'UTC'),
      });
    }
  });
});
