import { adminMetricsSchema } from '@enlaza/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, plans, runningPaidCustomers, subscriptions, users } from '../../src/db/schema/index.js';
import { recordSubscriptionEvent } from '../../src/modules/subscriptions/index.js';
import { daysAgo, paidAt, subscribe } from '../helpers/billing-fixture.js';
import { createAdminTestApp, insertUser, setUserStatus, type TestContext } from '../helpers/test-app.js';

// The dashboard's counts come from rollups the database keeps with the accounts and subscriptions
// (user_counts, subscription_counts, running_paid_customers: migration 0032). After every kind of
// change, each figure must equal its definition computed directly over the owning tables.
let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => void ({ t, admin } = await createAdminTestApp()), 240_000);
afterAll(() => t.close());

type Rows<T> = { rows: T[] } | T[];
const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = (await t.db.execute(query)) as unknown as Rows<T>;
  return Array.isArray(result) ? result : result.rows;
};

/** Each figure by its definition (docs/billing.md, "The admin dashboard"), straight from users, subscriptions, payments and events. */
async function byDefinition(now: Date) {
  const at = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [customers] = await rows<{ total: string; active: string }>(sql`
    select count(*) filter (where status <> 'deleted') as total, count(*) filter (where status = 'active') as active
    from users where role = 'user'`);
  const running = await rows<{ code: string; count: string }>(sql`
    select p.code, count(*) as count from subscriptions s join plans p on p.id = s.plan_id
    where s.status in ('trialing', 'active', 'past_due') group by p.code, p.sort_order order by p.sort_order, p.code`);
  const [mrr] = await rows<{ mrr: string | null }>(sql`
    select round(sum(o.price_cents::numeric / greatest(bp.months, 1))) as mrr
    from subscriptions s join offers o on o.id = s.offer_id join billing_periods bp on bp.id = o.billing_period_id join plans p on p.id = s.plan_id
    where s.status in ('active', 'past_due') and not p.is_free`);
  // Churn: a paid subscription was paying at `at` if charged by then (a payment that did not fail)
  // and not ended by then (its last cancelled/expired event, else its last update).
  const [churn] = await rows<{ start_customers: string; churned: string }>(sql`
    with paid as (
      select s.* from subscriptions s join plans p on p.id = s.plan_id where s.offer_id is not null and not p.is_free
    ), then_paying as (
      select distinct paid.user_id from paid
      where exists (select 1 from payments x where x.subscription_id = paid.id and x.status <> 'failed' and x.created_at <= ${at}::timestamptz)
        and (paid.status in ('trialing', 'active', 'past_due') or coalesce(
          (select max(e.at) from subscription_events e where e.subscription_id = paid.id and e.kind in ('cancelled', 'expired')),
          paid.updated_at) > ${at}::timestamptz)
    )
    select count(*) as start_customers,
           count(*) filter (where not exists (
             select 1 from paid where paid.user_id = then_paying.user_id and paid.status in ('trialing', 'active', 'past_due'))) as churned
    from then_paying`);
  const startCustomers = Number(churn!.start_customers);
  const churnedCustomers = Number(churn!.churned);
  return {
    users: { total: Number(customers!.total), active: Number(customers!.active) },
    activeByPlan: running.map((r) => [r.code, Number(r.count)]),
    mrrCents: Number(mrr?.mrr ?? 0),
    churn: { startCustomers, churnedCustomers, rate: startCustomers > 0 ? churnedCustomers / startCustomers : null },
  };
}

async function expectFiguresEqualDefinitions() {
  const res = await t.app.inject({ url: '/api/admin/dashboard/metrics', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const m = adminMetricsSchema.parse(res.json().data);
  const expected = await byDefinition(new Date(m.generatedAt));
  expect({
    users: { total: m.users.total, active: m.users.active },
    activeByPlan: m.activeByPlan.map((p) => [p.code, p.count]),
    mrrCents: m.mrrCents,
    churn: m.churn,
  }).toEqual(expected);
  await expectCatalogueAgrees(m.activeByPlan);
  return m;
}

/**
 * The admin Plans list's "Running subscriptions" is the dashboard's figure for each plan (0 where
 * the dashboard lists none), and each offer's is its running subscriptions by definition.
 */
async function expectCatalogueAgrees(byPlan: { code: string; count: number }[]) {
  const list = async (kind: string) => (await t.app.inject({ url: `/api/admin/${kind}`, headers: admin })).json().data;
  const planRows: { code: string; running: number }[] = await list('plans');
  const dashboard = new Map(byPlan.map((p) => [p.code, p.count]));
  expect(planRows.map((p) => [p.code, p.running])).toEqual(planRows.map((p) => [p.code, dashboard.get(p.code) ?? 0]));
  const offerRows: { id: string; running: number }[] = await list('offers');
  const perOffer = await rows<{ offer_id: string; count: string }>(sql`
    select offer_id, count(*) as count from subscriptions where status in ('trialing', 'active', 'past_due') group by offer_id`);
  const expected = new Map(perOffer.map((r) => [r.offer_id, Number(r.count)]));
  expect(offerRows.map((o) => [o.id, o.running])).toEqual(offerRows.map((o) => [o.id, expected.get(o.id) ?? 0]));
}

/** The customer's first charge among their running paid subscriptions (null: none charged; undefined: none running). */
const paying = async (userId: string) =>
  (await t.db.select().from(runningPaidCustomers).where(eq(runningPaidCustomers.userId, userId)))[0]?.firstChargedAt;

describe('dashboard counts kept with the accounts and subscriptions', () => {
  it('equal their definitions after sign-ups, suspensions, deletions, plan changes, payments and cancellations', async () => {
    const start = await expectFiguresEqualDefinitions();
    // Customers for 100 days, in a period begun 10 days ago (not due: the renewals job would charge it).
    const old = { createdAt: daysAgo(100), currentPeriodStart: daysAgo(10) };

    // Sign-ups (one statement inserting three), a suspension and a deletion.
    const inserted = await t.db
      .insert(users)
      .values(
        [1, 2, 3].map((n) => ({
          email: `bulk${n}-${Date.now()}@test.example`,
          name: `Bulk ${n}`,
          alias: `bulk-${n}-${Date.now()}`,
          codigo: `BULK-${n}-${Date.now()}`,
          role: 'user' as const,
          status: 'active' as const,
          passwordHash: 'x',
        })),
      )
      .returning();
    await setUserStatus(t.db, inserted[0]!.id, 'suspended');
    await t.db.delete(users).where(eq(users.id, inserted[1]!.id));
    const m1 = await expectFiguresEqualDefinitions();
    expect(m1.users.total).toBe(start.users.total + 2);
    expect(m1.users.active).toBe(start.users.active + 1);

    // A customer paying since 60 days ago on Pro monthly: paying 30 days ago, still running.
    const [stays, cancels, recent, movesToBusiness, expires] = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => insertUser(t.db, { createdAt: daysAgo(100), name: `Counted ${n}` })),
    );
    const s1 = await subscribe(t, stays!.id, 'pro', 'monthly', old);
    await paidAt(t, stays!.id, s1.subscription.id, 900, daysAgo(60));
    expect(await paying(stays!.id)).toEqual(await firstChargeOf(s1.subscription.id));
    // Paying since 50 days ago, cancelled today (by an admin): churned.
    const s2 = await subscribe(t, cancels!.id, 'pro', 'yearly', old);
    await paidAt(t, cancels!.id, s2.subscription.id, 9000, daysAgo(50));
    // First charged in the running month (5 days ago): paying now, not 30 days ago.
    const s3 = await subscribe(t, recent!.id, 'business', 'monthly', { createdAt: daysAgo(5), currentPeriodStart: daysAgo(5) });
    await paidAt(t, recent!.id, s3.subscription.id, 2900, daysAgo(5));
    // Paying since 45 days ago; moves from Pro to Business today (not churned).
    const s4 = await subscribe(t, movesToBusiness!.id, 'pro', 'monthly', old);
    await paidAt(t, movesToBusiness!.id, s4.subscription.id, 900, daysAgo(45));
    // Paying since 70 days ago; past due, then expired today (churned).
    const s5 = await subscribe(t, expires!.id, 'business', 'yearly', old);
    await paidAt(t, expires!.id, s5.subscription.id, 29000, daysAgo(70));
    const m2 = await expectFiguresEqualDefinitions();
    expect(m2.churn).toMatchObject({ churnedCustomers: start.churn.churnedCustomers });
    expect(m2.churn.startCustomers).toBe(start.churn.startCustomers + 4);
    expect(await paying(recent!.id)).toEqual(await firstChargeOf(s3.subscription.id));

    // A cancellation today through the admin's route.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${s2.subscription.id}/cancel`,
      headers: admin,
      payload: { atPeriodEnd: false, reason: 'left' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await paying(cancels!.id)).toBeUndefined();
    // A plan change on the same subscription (Pro → Business yearly), no new charge.
    const [businessYearly] = await t.db
      .select({ id: subscriptions.offerId, planId: subscriptions.planId })
      .from(subscriptions)
      .where(eq(subscriptions.id, s5.subscription.id));
    await t.db
      .update(subscriptions)
      .set({ planId: businessYearly!.planId, offerId: businessYearly!.id })
      .where(eq(subscriptions.id, s4.subscription.id));
    // Past due (still running), then expired today with its history event.
    await t.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, s5.subscription.id));
    const m3 = await expectFiguresEqualDefinitions();
    expect(m3.churn.churnedCustomers).toBe(start.churn.churnedCustomers + 1);
    await t.db.update(subscriptions).set({ status: 'expired', updatedAt: new Date() }).where(eq(subscriptions.id, s5.subscription.id));
    await recordSubscriptionEvent(t.db, { subscriptionId: s5.subscription.id, kind: 'expired', at: new Date() });
    const m4 = await expectFiguresEqualDefinitions();
    expect(m4.churn.churnedCustomers).toBe(start.churn.churnedCustomers + 2);
    expect(m4.churn.startCustomers).toBe(start.churn.startCustomers + 4);

    // The expired customer subscribes again (charged today): running again, no longer churned.
    const again = await subscribe(t, expires!.id, 'pro', 'monthly');
    await paidAt(t, expires!.id, again.subscription.id, 900, new Date());
    const m5 = await expectFiguresEqualDefinitions();
    expect(m5.churn.churnedCustomers).toBe(start.churn.churnedCustomers + 1);

    // The first charge of a subscription goes (its only payment deleted) and comes back earlier.
    await t.db.delete(payments).where(eq(payments.subscriptionId, s1.subscription.id));
    expect(await paying(stays!.id)).toBeNull(); // still running, not charged: no longer paying 30 days ago
    await expectFiguresEqualDefinitions();
    await paidAt(t, stays!.id, s1.subscription.id, 900, daysAgo(80));
    expect((await paying(stays!.id))?.getTime()).toBe((await firstChargeOf(s1.subscription.id))!.getTime());
    await expectFiguresEqualDefinitions();

    // A subscription deleted (its payments stay, unlinked), then a customer deleted with theirs (cascade).
    await t.db.delete(subscriptions).where(eq(subscriptions.id, s3.subscription.id));
    expect(await paying(recent!.id)).toBeUndefined();
    await expectFiguresEqualDefinitions();
    const leaving = await insertUser(t.db);
    await subscribe(t, leaving.id, 'business', 'monthly', old);
    expect(await paying(leaving.id)).toBeNull();
    await expectFiguresEqualDefinitions();
    await t.db.delete(users).where(eq(users.id, leaving.id));
    expect(await paying(leaving.id)).toBeUndefined();
    const m6 = await expectFiguresEqualDefinitions();

    // A Free subscription counts on the Free plan only (not paid: no MRR, no churn).
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    const freeUser = await insertUser(t.db);
    await t.db.insert(subscriptions).values({ userId: freeUser.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
    const m7 = await expectFiguresEqualDefinitions();
    expect(m7.mrrCents).toBe(m6.mrrCents);
    expect(m7.churn).toEqual(m6.churn);
    expect(m7.activeByPlan.find((p) => p.code === 'free')!.count).toBe((m6.activeByPlan.find((p) => p.code === 'free')?.count ?? 0) + 1);

    // An admin makes Pro free, then paid again: its customers stop and start paying (MRR and churn follow).
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    await t.db.update(plans).set({ isFree: true }).where(eq(plans.id, pro!.id));
    expect(await paying(stays!.id)).toBeUndefined();
    const m8 = await expectFiguresEqualDefinitions();
    expect(m8.mrrCents).toBeLessThan(m7.mrrCents);
    await t.db.update(plans).set({ isFree: false }).where(eq(plans.id, pro!.id));
    expect(await paying(stays!.id)).toEqual(await firstChargeOf(s1.subscription.id));
    const m9 = await expectFiguresEqualDefinitions();
    expect(m9.mrrCents).toBe(m7.mrrCents);
    expect(m9.churn).toEqual(m7.churn);
  });
});

const firstChargeOf = async (subscriptionId: string) =>
  (
    await rows<{ at: Date | string }>(
      sql`select min(created_at) as at from payments where subscription_id = ${subscriptionId} and status <> 'failed'`,
    )
  ).map((r) => new Date(r.at))[0];
