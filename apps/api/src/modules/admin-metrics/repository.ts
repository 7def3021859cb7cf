import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { offerFieldsSql, planPiece } from '../catalogue/index.js';
import { subscriptionRowPiece } from '../subscriptions/index.js';

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** The paid subscriptions (an offer on a non-Free plan), any status, as `s` (`id`, `user_id`, `offer_id`, `status`, `seats`). */
const paidSubscriptions = () =>
  sql`(select sub.id, sub.user_id, sub.offer_id, sub.status, sub.seats from ${subscriptionRowPiece('sub')} join ${planPiece('en', 'p')} on p.id = sub.plan_id
       where sub.offer_id is not null and not p.is_free) s`;

/**
 * The charges in force at `at` of each subscription charged by then, as `b` (`subscription_id`,
 * `cents`: what it bills per month before tax, exact; null when its payment has no invoice with a
 * plan line), from the `subscription_billed_charges` rollup (schema.ts): the newest charges (one
 * index) and those superseded after `at` (one index range), each charged at or before `at`. A
 * subscription has one plan charge in force (its newest `created`, `upgraded` or `renewed` event
 * naming a payment by `at`) and, on a per-seat offer, the seats added since (`seats_added`), which
 * bill on top of it until the next plan charge: joined, it counts once per charge, and the sums add them.
 */
const chargesInForce = (at: SQL) =>
  sql`(select subscription_id, billed_cents_per_month as cents from subscription_billed_charges
       where superseded_at is null and at <= ${at}
       union all
       select subscription_id, billed_cents_per_month from subscription_billed_charges
       where superseded_at is not null and superseded_at > ${at} and at <= ${at}) b`;

/**
 * What the subscription `s` is billed per month before tax (exact numeric), with `chargesInForce`
 * joined as `b`: the plan lines of the invoice of the payment that last charged its offer (and of
 * the seats added since); without one (a subscription made by hand or seeded, or charged before the
 * history kept payments) its offer's price ÷ months, times its seats on a per-seat offer.
 */
const billedPerMonth = () => {
  const offer = offerFieldsSql(sql`s.offer_id`, 'en');
  return sql`coalesce(b.cents, ${offer.priceCents}::numeric * coalesce(s.seats, 1) / greatest(${offer.periodMonths}, 1))`;
};

/**
 * The dashboard's aggregates. A read model: each figure is one SQL aggregate over the owning
 * areas' tables (users, subscriptions, catalogue, payments, invoices, subscription events) and the rollups
 * the database keeps of them (schema.ts), read-only — asking each module row by row, or counting
 * 100,000 accounts on each request, could not answer in a few milliseconds.
 * The indexes they use are declared with the tables (see docs/billing.md, "The admin dashboard").
 */
export function createAdminMetricsRepository(db: Database) {
  const run = async <T>(query: ReturnType<typeof sql>) => rowsOf((await db.execute(query)) as unknown as Rows<T>);

  return {
    /** Customers by status from the `user_counts` rollup (see schema.ts); deleted accounts left out. */
    async users() {
      const rows = await run<{ status: string; count: string }>(
        sql`select status, sum(count) as count from user_counts where role = 'user' group by status`,
      );
      const count = (status?: string) =>
        rows.filter((r) => r.status !== 'deleted' && (!status || r.status === status)).reduce((sum, r) => sum + Number(r.count), 0);
      return { total: count(), active: count('active') };
    },

    /** Sign-ups per calendar day of `timeZone` since `since` (days without any are left out; the service fills them). */
    async signUpsPerDay(since: Date, timeZone: string) {
      const rows = await run<{ day: string; count: string }>(sql`
        select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as count
        from users where role = 'user' and created_at >= ${since.toISOString()}::timestamptz group by 1`);
      return new Map(rows.map((r) => [r.day, Number(r.count)]));
    },

    /** Running subscriptions (trialing, active, past_due) per plan, Free included, from the `subscription_counts` rollup. */
    async activeByPlan(locale: Locale) {
      const rows = await run<{ code: string; name: string; count: string }>(sql`
        select p.code, coalesce(nullif(p.names ->> ${locale}, ''), nullif(p.names ->> 'en', ''), p.name) as name, s.count
        from (select plan_id, sum(count) as count from subscription_counts where status in ('trialing', 'active', 'past_due')
              group by plan_id having sum(count) > 0) s
        join plans p on p.id = s.plan_id order by p.sort_order, p.code`);
      return rows.map((r) => ({ code: r.code, name: r.name, count: Number(r.count) }));
    },

    /**
     * Monthly recurring revenue in cents before tax: active and past-due paid subscriptions, what
     * each is billed per month (`billedPerMonth`, the charges in force now), summed exactly and
     * rounded once. A hash join of the paid subscriptions with the rollup's newest charges.
     */
    async mrrCents(now: Date) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const [row] = await run<{ mrr: string | null }>(sql`
        select round(sum(${billedPerMonth()})) as mrr
        from ${paidSubscriptions()} left join ${chargesInForce(at)} on b.subscription_id = s.id
        where s.status in ('active', 'past_due')`);
      return Number(row?.mrr ?? 0);
    },

    /**
     * Gross MRR churn since `start`: the MRR at `start` (the same rule as `mrrCents`, as of then) of
     * the paid subscriptions of the customers paying then as `churn` counts them (charged by `start`,
     * not ended by then), the part of it of the customers who churned (no row in
     * `running_paid_customers`), and the contraction of those still paying: per customer, how much
     * less their active and past-due paid subscriptions are billed per month at `now`, never negative.
     * Exact numerics; the caller rounds.
     */
    async revenueChurn(start: Date, now: Date) {
      const then = sql`${start.toISOString()}::timestamptz`;
      const at = sql`${now.toISOString()}::timestamptz`;
      const [row] = await run<{ start_mrr: string | null; churned: string | null; contraction: string | null }>(sql`
        with then_paying as (
          select s.user_id, sum(${billedPerMonth()}) as cents
          from ${paidSubscriptions()}
          join subscription_first_charges f on f.subscription_id = s.id and f.first_charged_at <= ${then}
          left join ended_paid_subscriptions e on e.subscription_id = s.id
          left join ${chargesInForce(then)} on b.subscription_id = s.id
          where s.status in ('trialing', 'active', 'past_due') or e.ended_at > ${then}
          group by s.user_id
        ), now_paying as (
          select s.user_id, sum(${billedPerMonth()}) as cents
          from ${paidSubscriptions()} left join ${chargesInForce(at)} on b.subscription_id = s.id
          where s.status in ('active', 'past_due') and s.user_id in (select user_id from then_paying)
          group by s.user_id
        )
        select sum(t.cents) as start_mrr,
               coalesce(sum(t.cents) filter (where r.user_id is null), 0) as churned,
               coalesce(sum(greatest(t.cents - coalesce(n.cents, 0), 0)) filter (where r.user_id is not null), 0) as contraction
        from then_paying t left join running_paid_customers r on r.user_id = t.user_id left join now_paying n on n.user_id = t.user_id`);
      return {
        startMrr: Number(row?.start_mrr ?? 0),
        churnedMrr: Number(row?.churned ?? 0),
        contractionMrr: Number(row?.contraction ?? 0),
      };
    },

    /**
     * Customer churn since `start`: paid customers then (a paid subscription with a charged payment
     * by `start` that had not ended by `start`) who have no paid subscription running now.
     * A subscription ended at its `cancelled`/`expired` history event (else its last update).
     *
     * From two rollups the database keeps (schema.ts): the customers then are those whose running
     * paid subscriptions were first charged by `start` (one index range of `running_paid_customers`)
     * plus the customers of the paid subscriptions charged by `start` that ended after it (one index
     * range of `ended_paid_subscriptions`, their customer read from the subscription) not counted
     * already; only these can have churned — those without a row in `running_paid_customers` (no
     * paid subscription running). Two primary-key look-ups per subscription that ended in the
     * window, however many customers and payments.
     */
    async churn(start: Date) {
      const at = start.toISOString();
      const [row] = await run<{ paying: string; ended_then_paying: string; churned: string }>(sql`
        with ended as (
          select distinct s.user_id from ended_paid_subscriptions e join subscriptions s on s.id = e.subscription_id
          where e.ended_at > ${at}::timestamptz and e.first_charged_at <= ${at}::timestamptz
        )
        select (select count(*) from running_paid_customers where first_charged_at <= ${at}::timestamptz) as paying,
               count(*) filter (where r.user_id is null or r.first_charged_at is null or r.first_charged_at > ${at}::timestamptz)
                 as ended_then_paying,
               count(*) filter (where r.user_id is null) as churned
        from ended left join running_paid_customers r on r.user_id = ended.user_id`);
      return {
        startCustomers: Number(row?.paying ?? 0) + Number(row?.ended_then_paying ?? 0),
        churnedCustomers: Number(row?.churned ?? 0),
      };
    },
  };
}

export type AdminMetricsRepository = ReturnType<typeof createAdminMetricsRepository>;
