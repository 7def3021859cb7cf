import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rowOf } from '../../platform/query-pieces.js';
import { offerMonthsSql, planRowPiece, type LocalisedText } from '../catalogue/index.js';
import {
  lockSubscription,
  pastDueSubscriptionIds,
  subscriptionRowPiece,
  updateSubscription,
  type SubscriptionValues,
} from '../subscriptions/index.js';
import { subscriptionRenewals } from './schema.js';

export type RenewalState = typeof subscriptionRenewals.$inferSelect;
type Db = Database | Transaction;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createRenewalsRepository(db: Database) {
  return {
    db,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    /**
     * Takes up to `limit` due subscriptions for this worker: running, paid, whose period ended by
     * `now` (product time), whose next retry (if any) is due, and that no live lease holds. The rows
     * are locked with SKIP LOCKED while the lease is written, and the upsert re-checks the lease on
     * the newest row version, so two workers never take the same subscription.
     */
    async claim(now: Date, leaseSeconds: number, limit: number): Promise<string[]> {
      const result = await db.execute(sql`
        with due as (
          select s.id from subscriptions s
          join plans p on p.id = s.plan_id
          left join subscription_renewals r on r.subscription_id = s.id
          where s.status in ('trialing', 'active', 'past_due') and not p.is_free
            and s.current_period_end is not null and s.current_period_end <= ${ts(now)}
            and (r.subscription_id is null or ((r.lease_until is null or r.lease_until < now()) and (r.next_attempt_at is null or r.next_attempt_at <= ${ts(now)})))
          order by s.current_period_end
          limit ${limit}
          for update of s skip locked
        )
        insert into subscription_renewals (subscription_id, lease_until)
        select id, now() + make_interval(secs => ${leaseSeconds}) from due
        on conflict (subscription_id) do update set lease_until = excluded.lease_until, updated_at = now()
          where subscription_renewals.lease_until is null or subscription_renewals.lease_until < now()
        returning subscription_id`);
      return (result.rows as { subscription_id: string }[]).map((r) => r.subscription_id);
    },

    /** On PGlite one process owns the data: leases left by a process that died are free at once. */
    async releaseAllLeases() {
      await db
        .update(subscriptionRenewals)
        .set({ leaseUntil: null })
        .where(sql`${subscriptionRenewals.leaseUntil} is not null`);
    },

    async release(id: string) {
      await db.update(subscriptionRenewals).set({ leaseUntil: null }).where(eq(subscriptionRenewals.subscriptionId, id));
    },

    /**
     * A subscription with its plan, the months of its offer's period (null without an offer) and its
     * renewal state: one statement, the subscription and plan as their owners' pieces.
     */
    async load(id: string, q: Db = db) {
      const subscription = subscriptionRowPiece('renewing');
      const plan = planRowPiece('renewing_plan');
      const [row] = await q
        .select({
          subscription: rowOf(subscription),
          plan: rowOf(plan),
          periodMonths: offerMonthsSql(subscription.offerId),
          state: subscriptionRenewals,
        })
        .from(subscription)
        .innerJoin(plan, eq(plan.id, subscription.planId))
        .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.subscriptionId, subscription.id))
        .where(eq(subscription.id, id));
      return row;
    },

    /** Locks the subscription row for the change; answers it as it is now. */
    lock: (tx: Transaction, id: string) => lockSubscription(tx, id),

    updateSubscription: (tx: Transaction, id: string, values: Partial<SubscriptionValues>) => updateSubscription(tx, id, values),

    async setState(tx: Transaction, id: string, values: Partial<Omit<RenewalState, 'subscriptionId' | 'updatedAt'>>) {
      await tx
        .insert(subscriptionRenewals)
        .values({ subscriptionId: id, ...values })
        .onConflictDoUpdate({ target: subscriptionRenewals.subscriptionId, set: { ...values, updatedAt: new Date() } });
    },

    /** Annual (12 months or more) running subscriptions renewing within `days` whose reminder for this period is not sent. */
    async dueReminders(now: Date, until: Date, limit: number) {
      const result = await db.execute(sql`
        select s.id, s.user_id, s.current_period_end, p.name as plan_name, p.names as plan_names from subscriptions s
        join plans p on p.id = s.plan_id
        join offers o on o.id = s.offer_id
        join billing_periods bp on bp.id = o.billing_period_id
        left join subscription_renewals r on r.subscription_id = s.id
        where s.status in ('trialing', 'active') and not p.is_free and not s.cancel_at_period_end and bp.months >= 12
          and s.current_period_end > ${ts(now)} and s.current_period_end <= ${ts(until)}
          and r.reminded_for is distinct from s.current_period_end
        order by s.current_period_end
        limit ${limit}`);
      return (
        result.rows as {
          id: string;
          user_id: string;
          current_period_end: string | Date;
          plan_name: string;
          plan_names: LocalisedText | null;
        }[]
      ).map((r) => ({
        id: r.id,
        userId: r.user_id,
        periodEnd: new Date(r.current_period_end),
        plan: { name: r.plan_name, names: r.plan_names },
      }));
    },

    /** Marks the period's reminder sent; false when another worker already did. */
    async markReminded(tx: Transaction, id: string, periodEnd: Date): Promise<boolean> {
      const result = await tx.execute(sql`
        insert into subscription_renewals (subscription_id, reminded_for) values (${id}, ${ts(periodEnd)})
        on conflict (subscription_id) do update set reminded_for = excluded.reminded_for, updated_at = now()
          where subscription_renewals.reminded_for is distinct from excluded.reminded_for
        returning subscription_id`);
      return result.rows.length > 0;
    },

    /** Takes one subscription (a retry asked for now) unless a worker holds it. */
    async claimOne(id: string, leaseSeconds: number): Promise<boolean> {
      const result = await db.execute(sql`
        insert into subscription_renewals (subscription_id, lease_until) values (${id}, now() + make_interval(secs => ${leaseSeconds}))
        on conflict (subscription_id) do update set lease_until = excluded.lease_until, updated_at = now()
          where subscription_renewals.lease_until is null or subscription_renewals.lease_until < now()
        returning subscription_id`);
      return result.rows.length > 0;
    },

    /** The user's past-due subscriptions (a new default card retries them). */
    pastDue: (userId: string) => pastDueSubscriptionIds(db, userId),
  };
}

export type RenewalsRepository = ReturnType<typeof createRenewalsRepository>;
