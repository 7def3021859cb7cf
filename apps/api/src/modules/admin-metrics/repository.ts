import { sql } from 'drizzle-orm';
import type { Locale } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/**
 * The dashboard's aggregates. A read model: each figure is one SQL aggregate over the owning
 * areas' tables (users, subscriptions, catalogue, payments, subscription events), read-only —
 * asking each module row by row could not answer in a few milliseconds over 100,000 users.
 * The indexes they use are declared with the tables (see README, "Admin dashboard").
 */
export function createAdminMetricsRepository(db: Database) {
  const run = async <T>(query: ReturnType<typeof sql>) => rowsOf((await db.execute(query)) as unknown as Rows<T>);

  return {
    /** Customers by status (an index-only count on (role, status)); deleted accounts left out. */
    async users() {
      const rows = await run<{ status: string; count: string }>(
        sql`select status, count(*) as count from users where role = 'user' group by status`,
      );
      const count = (status?: string) =>
        rows.filter((r) => r.status !== 'deleted' && (!status || r.status === status)).reduce((sum, r) => sum + Number(r.count), 0);
      return { total: count(), active: count('active') };
    },

    /** Sign-ups per UTC day since `since` (days without any are left out; the service fills them). */
    async signUpsPerDay(since: Date) {
      const rows = await run<{ day: string; count: string }>(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as count
        from users where role = 'user' and created_at >= ${since.toISOString()}::timestamptz group by 1`);
      return new Map(rows.map((r) => [r.day, Number(r.count)]));
    },

    /** Running subscriptions (trialing, active, past_due) per plan, Free included. */
    async activeByPlan(locale: Locale) {
      const rows = await run<{ code: string; name: string; count: string }>(sql`
        select p.code, coalesce(nullif(p.names ->> ${locale}, ''), nullif(p.names ->> 'en', ''), p.name) as name, s.count
        from (select plan_id, count(*) as count from subscriptions where status in ('trialing', 'active', 'past_due') group by plan_id) s
        join plans p on p.id = s.plan_id order by p.sort_order, p.code`);
      return rows.map((r) => ({ code: r.code, name: r.name, count: Number(r.count) }));
    },

    /** Monthly recurring revenue in cents before tax: active and past-due paid subscriptions, price / months, rounded once. */
    async mrrCents() {
      const [row] = await run<{ mrr: string | null }>(sql`
        select round(sum(o.price_cents::numeric / greatest(bp.months, 1))) as mrr
        from subscriptions s join offers o on o.id = s.offer_id join billing_periods bp on bp.id = o.billing_period_id join plans p on p.id = s.plan_id
        where s.status in ('active', 'past_due') and s.offer_id is not null and not p.is_free`);
      return Number(row?.mrr ?? 0);
    },

    /**
     * Customer churn since `start`: paid customers then (a paid subscription with a charged payment
     * by `start` that had not ended by `start`) who have no paid subscription running now.
     * A subscription ended at its `cancelled`/`expired` history event (else its last update).
     *
     * "Charged by `start`" is read from `subscription_first_charges` (the first charge of each
     * subscription, kept by the database with the payments: see schema.ts), not by looking among
     * the payments once per subscription; running ones come from an index-only scan of the paid
     * subscriptions (`subscriptions_paid_index`); the end date is looked up only for those that ended
     * (the events' (subscription_id, at) index); and only a customer without a running one counted
     * can have churned (one look-up each on (user_id, status)).
     */
    async churn(start: Date) {
      const at = start.toISOString();
      const [row] = await run<{ start_customers: string; churned: string }>(sql`
        with customers as (
          select user_id, bool_or(running) as running from (
            select s.user_id, true as running
            from subscriptions s join subscription_first_charges f on f.subscription_id = s.id
            where s.offer_id is not null and s.status in ('trialing', 'active', 'past_due')
              and s.plan_id in (select id from plans where not is_free) and f.first_charged_at <= ${at}::timestamptz
            union all
            select s.user_id, false
            from subscriptions s join subscription_first_charges f on f.subscription_id = s.id
            where s.offer_id is not null and s.status in ('cancelled', 'expired')
              and s.plan_id in (select id from plans where not is_free) and f.first_charged_at <= ${at}::timestamptz
              and coalesce(
                (select max(e.at) from subscription_events e where e.subscription_id = s.id and e.kind in ('cancelled', 'expired')),
                s.updated_at) > ${at}::timestamptz
          ) paid group by user_id
        )
        select count(*) as start_customers,
               count(*) filter (where not running and not exists (
                 select 1 from subscriptions n
                 where n.user_id = customers.user_id and n.status in ('trialing', 'active', 'past_due') and n.offer_id is not null
                   and n.plan_id in (select id from plans where not is_free))) as churned
        from customers`);
      return { startCustomers: Number(row?.start_customers ?? 0), churnedCustomers: Number(row?.churned ?? 0) };
    },
  };
}

export type AdminMetricsRepository = ReturnType<typeof createAdminMetricsRepository>;
