import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { activityEvents } from './schema.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { lockUser } from '../account/index.js';

/** The user's history (Historial). Erasing deletes it, and the user's name as the actor of other accounts' events becomes "system". */
export function createActivityUserData(db: Database): UserDataProvider<'activity'> {
  return {
    section: 'activity',
    async export(userId) {
      const rows = await db.select().from(activityEvents).where(eq(activityEvents.userId, userId)).orderBy(activityEvents.createdAt);
      return rows.map((e) => ({
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        address: e.address,
        device: e.device,
        before: e.before ?? null,
        after: e.after ?? null,
        createdAt: e.createdAt.toISOString(),
      }));
    },
    async erase(userId, tx) {
      // The account's row locked first: a history event being delivered for it now either commits
      // before (and its row is deleted here) or waits and then finds the account erased.
      await lockUser(tx, userId);
      await tx.delete(activityEvents).where(eq(activityEvents.userId, userId));
      await tx.update(activityEvents).set({ actorId: null }).where(eq(activityEvents.actorId, userId));
    },
  };
}
