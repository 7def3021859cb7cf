import { adminMetricsSchema } from '@enlaza/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, localMonth } from '../../src/lib/time-zone.js';
import { recordSubscriptionEvent } from '../../src/modules/subscriptions/index.js';
import { daysAgo, paidAt, subscribe } from '../helpers/billing-fixture.js';
import { bearer, createAdminTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => void ({ t, admin } = await createAdminTestApp()), 240_000);
afterAll(() => t.close());

// The dashboard's days and months are the seller's calendar (SELLER_TIME_ZONE, Europe/Madrid by default).
const month = (d: Date) => localMonth(d, 'Europe/Madrid');
const day = (d: Date) => localDate(d, 'Europe/Madrid');

describe('admin dashboard metrics', () => {
  it('equals the figures computed by hand on a small fixture', async () => {
    const old = { createdAt: daysAgo(100) };
    const [u1, u2, u3, u4, u5, u6] = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => insertUser(t.db, { ...old, name: `Fixture ${n}` })));
    // Sign-ups in the last 30 days besides the seeded demo user (today): two 2 days ago, one today.
    const recent = [daysAgo(2), daysAgo(2), new Date()];
    for (const createdAt of recent) await insertUser(t.db, { createdAt });

    const s1 = await subscribe(t, u1!.id, 'pro', 'monthly', old); // active, 9.00 €/month
    const s2 = await subscribe(t, u2!.id, 'business', 'yearly', old); // active, 290.00 €/year → 24.1667 €/month
    const s3 = await subscribe(t, u3!.id, 'pro', 'yearly', { ...old, status: 'past_due' }); // 90.00 €/year → 7.50 €/month
    const s4 = await subscribe(t, u4!.id, 'pro', 'monthly', old); // cancelled below (churned)
    await subscribe(t, u5!.id, 'pro', 'monthly', { ...old, status: 'trialing' }); // trial: not paid, not in MRR
    const s6 = await subscribe(t, u6!.id, 'pro', 'monthly', { ...old, status: 'cancelled' }); // ended 40 days ago
    await recordSubscriptionEvent(t.db, { subscriptionId: s6.subscription.id, kind: 'cancelled', at: daysAgo(40) });

    const p1 = await paidAt(t, u1!.id, s1.subscription.id, 900, daysAgo(40));
    await paidAt(t, u2!.id, s2.subscription.id, 29000, daysAgo(60));
    await paidAt(t, u3!.id, s3.subscription.id, 9000, daysAgo(45));
    await paidAt(t, u4!.id, s4.subscription.id, 900, daysAgo(50));
    await paidAt(t, u6!.id, s6.subscription.id, 900, daysAgo(70));
    const addOn = await paidAt(t, u2!.id, s2.subscription.id, 500, new Date()); // an add-on this month
    // u1's invoice refunded in full by a credit note (issued now): -9.00 € this month.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/invoices/${p1.invoice.id}/credit-notes`,
          headers: admin,
          payload: { reason: 'refund' },
        })
      ).statusCode,
    ).toBe(201);
    // u4 cancelled by an admin now.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/subscriptions/${s4.subscription.id}/cancel`,
          headers: admin,
          payload: { atPeriodEnd: false, reason: 'left' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await t.app.inject({ url: '/api/admin/dashboard/metrics', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const m = adminMetricsSchema.parse(res.json().data);

    // Users (role user): demo + 6 fixtures + 3 recent = 10; new in 30 days: demo + 3.
    expect(m.users).toEqual({ total: 10, active: 10, newLast30Days: 4 });
    expect(m.signUps).toHaveLength(30);
    expect(m.signUps.at(-1)).toEqual({ day: day(new Date()), count: 2 });
    expect(m.signUps.find((d) => d.day === day(daysAgo(2)))!.count).toBe(2);
    expect(m.signUps.reduce((sum, d) => sum + d.count, 0)).toBe(4);

    // Running: Free (demo), Pro (u1 active, u3 past_due, u5 trialing), Business (u2).
    expect(m.activeByPlan.map((p) => [p.code, p.count])).toEqual([
      ['free', 1],
      ['pro', 3],
      ['business', 1],
    ]);
    // 900 + 29000/12 + 9000/12 = 900 + 2416.67 + 750 = 4066.67 → 4067.
    expect(m.mrrCents).toBe(4067);

    // Revenue before tax per month: invoice subtotals, credit notes subtracted in their month.
    const expected = new Map<string, number>();
    const add = (d: Date, cents: number) => expected.set(month(d), (expected.get(month(d)) ?? 0) + cents);
    add(daysAgo(40), 900);
    add(daysAgo(60), 29000);
    add(daysAgo(45), 9000);
    add(daysAgo(50), 900);
    add(daysAgo(70), 900);
    add(new Date(), 500);
    add(new Date(), -900);
    expect(m.revenueByMonth).toHaveLength(12);
    expect(m.revenueByMonth.at(-1)!.month).toBe(month(new Date()));
    expect(m.revenueByMonth.filter((r) => r.netCents !== 0)).toEqual(
      [...expected]
        .filter(([, c]) => c !== 0)
        .map(([mo, netCents]) => ({ month: mo, netCents }))
        .sort((a, b) => a.month.localeCompare(b.month)),
    );
    expect(m.revenueByMonth.at(-1)!.netCents).toBe(-400);

    // Churn: paying 30 days ago u1, u2, u3, u4 (u6 had ended, u5 never paid); u4 is gone → 1 / 4.
    expect(m.churn).toEqual({ startCustomers: 4, churnedCustomers: 1, rate: 0.25 });

    // Latest payments, newest first (the add-on charged now).
    expect(m.latestPayments[0]).toMatchObject({
      id: addOn.payment.id,
      userId: u2!.id,
      customerName: 'Fixture 2',
      amountCents: 605,
      invoiceNumber: addOn.invoice.number,
    });
    expect(m.latestPayments).toHaveLength(6);

    // A new invoice moves its month (the rollup follows each issue); the months before stay.
    await paidAt(t, u3!.id, s3.subscription.id, 1000, new Date());
    const again = adminMetricsSchema.parse((await t.app.inject({ url: '/api/admin/dashboard/metrics', headers: admin })).json().data);
    expect(again.revenueByMonth.at(-1)!.netCents).toBe(600);
    expect(again.revenueByMonth.slice(0, -1)).toEqual(m.revenueByMonth.slice(0, -1));
  });

  it('is for admins only', async () => {
    const user = await insertUser(t.db);
    const res = await t.app.inject({
      url: '/api/admin/dashboard/metrics',
      headers: bearer(await login(t.app, { email: user.email, password: user.password })),
    });
    expect(res.statusCode).toBe(403);
  });
});
