import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addOns, deliveries, plans, profiles, storedFiles, subscriptionAddOns, subscriptions } from '../../db/schema/index.js';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Sends that count against the monthly quota; system emails (verification, receipts…) do not. */
export const COUNTED_SEND_KINDS = ['campaign', 'reply', 'test'] as const;

export function createSubscriptionsRepository(db: Database) {
  return {
    /** The user's newest subscription, preferring one that is still running. */
    async findCurrent(userId: string): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | undefined> {
      const [row] = await db
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(sql`${subscriptions.status} in ('trialing', 'active', 'past_due') desc`, desc(subscriptions.createdAt))
        .limit(1);
      return row;
    },

    async findFreePlan(): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(and(eq(plans.isFree, true), eq(plans.active, true))).orderBy(plans.sortOrder).limit(1);
      return row;
    },

    async activeAddOns(subscriptionId: string, now: Date) {
      return db
        .select({ id: subscriptionAddOns.id, validUntil: subscriptionAddOns.validUntil, addOn: addOns })
        .from(subscriptionAddOns)
        .innerJoin(addOns, eq(addOns.id, subscriptionAddOns.addOnId))
        .where(and(eq(subscriptionAddOns.subscriptionId, subscriptionId), or(isNull(subscriptionAddOns.validUntil), gt(subscriptionAddOns.validUntil, now))));
    },

    /** Everything that counts against a plan, in one round trip. */
    async usage(userId: string, sendsSince: Date) {
      const [row] = await db
        .select({
          profiles: sql<number>`(select count(*) from ${profiles} where ${profiles.userId} = ${userId} and ${profiles.kind} = 'card' and ${profiles.deletedAt} is null)`.mapWith(Number),
          tags: sql<number>`(select count(*) from ${profiles} where ${profiles.userId} = ${userId} and ${profiles.kind} = 'tag' and ${profiles.deletedAt} is null)`.mapWith(Number),
          // Trashed files still occupy storage until the trash is purged.
          storageBytes: sql<number>`(select coalesce(sum(${storedFiles.sizeBytes}), 0) from ${storedFiles} where ${storedFiles.userId} = ${userId})`.mapWith(Number),
          sendsThisMonth: sql<number>`(select count(*) from ${deliveries} where ${deliveries.userId} = ${userId} and ${deliveries.createdAt} >= ${sendsSince.toISOString()} and ${inArray(deliveries.kind, [...COUNTED_SEND_KINDS])})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`);
      return row ?? { profiles: 0, tags: 0, storageBytes: 0, sendsThisMonth: 0 };
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
