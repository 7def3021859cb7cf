import { and, asc, eq, gt, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rowOf } from '../../platform/query-pieces.js';
import { offerMonthsSql, offerPeriodPiece, offerSeatPricingSql, planRowPiece } from '../catalogue/index.js';
import {
  dueForRenewalSql,
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
      // Held: a live lease, or a retry not due yet (the subscriptions module owns the rest of the test and the lock).
      const unheld = (subscriptionId: SQL) => sql`not exists (select 1 from ${subscriptionRenewals} r
        where r.subscription_id = ${subscriptionId}
          and not ((r.lease_until is null or r.lease_until < now()) and (r.next_attempt_at is null or r.next_attempt_at <= ${ts(now)})))`;
      const result = await db.execute(sql`
        with due as (${dueForRenewalSql(ts(now), limit, unheld)})
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
          seatPricing: offerSeatPricingSql(subscription.offerId),
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

    /** Running paid subscriptions not cancelling, renewing by `until`, whose reminder for this period is not sent (every period length). */
    async dueReminders(now: Date, until: Date, limit: number) {
      const subscription = subscriptionRowPiece('reminded');
      const plan = planRowPiece('reminded_plan');
      const offer = offerPeriodPiece('reminded_offer');
      const rows = await db
        .select({
          id: subscription.id,
          userId: subscription.userId,
          offerId: offer.id,
          periodEnd: subscription.currentPeriodEnd,
          plan: { name: plan.name, names: plan.names },
        })
        .from(subscription)
        .innerJoin(plan, eq(plan.id, subscription.planId))
        .innerJoin(offer, eq(offer.id, subscription.offerId))
        .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.subscriptionId, subscription.id))
        .where(
          and(
            sql`${subscription.status} in ('trialing', 'active')`,
            not(plan.isFree),
            not(subscription.cancelAtPeriodEnd),
            gt(subscription.currentPeriodEnd, now),
            lte(subscription.currentPeriodEnd, until),
            sql`${subscriptionRenewals.remindedFor} is distinct from ${subscription.currentPeriodEnd}`,
          ),
        )
        .orderBy(asc(subscription.currentPeriodEnd))
        .limit(limit);
      // The period end is set: the filter above compares it.
      return rows.map((r) => ({ ...r, periodEnd: r.periodEnd! }));
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
