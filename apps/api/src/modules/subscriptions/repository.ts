import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { subscriptionAddOns, subscriptions } from './schema.js';
import { addOnsByIds, findFreePlan, findPlan, type PlanRow } from '../catalogue/index.js';

export type { PlanRow };
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function createSubscriptionsRepository(db: Database) {
  return {
    /** The user's newest subscription, preferring one that is still running. */
    async findCurrent(userId: string): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined> {
      const [subscription] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(sql`${subscriptions.status} in ('trialing', 'active', 'past_due') desc`, desc(subscriptions.createdAt))
        .limit(1);
      const plan = subscription && (await findPlan(db, subscription.planId));
      return subscription && plan ? { subscription, plan } : undefined;
    },

    findFreePlan: () => findFreePlan(db),

    async activeAddOns(subscriptionId: string, now: Date) {
      const rows = await db
        .select({ id: subscriptionAddOns.id, validUntil: subscriptionAddOns.validUntil, addOnId: subscriptionAddOns.addOnId })
        .from(subscriptionAddOns)
        .where(
          and(
            eq(subscriptionAddOns.subscriptionId, subscriptionId),
            or(isNull(subscriptionAddOns.validUntil), gt(subscriptionAddOns.validUntil, now)),
          ),
        );
      const addOns = new Map(
        (
          await addOnsByIds(
            db,
            rows.map((r) => r.addOnId),
          )
        ).map((a) => [a.id, a]),
      );
      return rows.flatMap(({ addOnId, ...row }) => {
        const addOn = addOns.get(addOnId);
        return addOn ? [{ ...row, addOn }] : [];
      });
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

/** A new account's subscription: the Free plan, from now on (it does not renew). */
export async function startFreeSubscription(tx: Database | Transaction, userId: string, now: Date): Promise<void> {
  const free = await findFreePlan(tx);
  if (!free) throw new Error('no active Free plan to subscribe to');
  await tx.insert(subscriptions).values({ userId, planId: free.id, status: 'active', currentPeriodStart: now });
}

/** The ids of a user's subscriptions, as a subquery (for `inArray`) that other modules filter on. */
export const subscriptionIdsOf = (db: Database | Transaction, userId: string) =>
  db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId));
