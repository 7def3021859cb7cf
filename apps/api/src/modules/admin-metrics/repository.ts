import { sql } from 'drizzle-orm';
import type { Locale } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/**
 * The dashboard's aggregates. A read model: each figure is one SQL aggregate over the owning
 * areas' tables (users, subscriptions, catalogue, payments, subscription events) and the rollups
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
     * Monthly recurring revenue in cents before tax: active and past-due paid subscriptions, price / months, rounded once.
     * From the `subscription_counts` rollup: each offer's price / months times its count of such
     * subscriptions (numeric, so the sum is the same as adding each subscription's share).
     */
    async mrrCents() {
      const [row] = await run<{ mrr: string | null }>(sql`
        select round(sum(c.count * (o.price_cents::numeric / greatest(bp.months, 1)))) as mrr
        from (select plan_id, offer_id, sum(count) as count from subscription_counts
              where status in ('active', 'past_due') and offer_id is not null group by plan_id, offer_id) c
        join offers o on o.id = c.offer_id join billing_periods bp on bp.id = o.billing_period_id join plans p on p.id = c.plan_id
        where not p.is_free`);
      return Number(row?.mrr ?? 0);
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
