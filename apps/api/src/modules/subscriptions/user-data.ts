import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { subscriptions } from './schema.js';
import { planCodes } from '../catalogue/index.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';

/** The user's subscriptions (their add-ons go with them on erase). */
export function createSubscriptionsUserData(db: Database): UserDataProvider<'subscriptions'> {
  return {
    section: 'subscriptions',
    async export(userId) {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(subscriptions.createdAt);
      const codes = await planCodes(
        db,
        rows.map((s) => s.planId),
      );
      return rows.map((s) => ({
        id: s.id,
        plan: codes.get(s.planId) ?? '',
        status: s.status,
        currentPeriodStart: s.currentPeriodStart.toISOString(),
        currentPeriodEnd: iso(s.currentPeriodEnd),
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        createdAt: s.createdAt.toISOString(),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    },
  };
}
