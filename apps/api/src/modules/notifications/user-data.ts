import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { notifications, notificationThresholds } from './schema.js';

/** The user's notifications (they quote visitors) and the quota thresholds already raised. */
export function createNotificationsUserData(db: Database): UserDataProvider<'notifications'> {
  return {
    section: 'notifications',
    async export(userId) {
      const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
      return rows.map((n) => ({
        id: String(n.id),
        type: n.type,
        payload: n.payload,
        readAt: iso(n.readAt),
        createdAt: n.createdAt.toISOString(),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(notificationThresholds).where(eq(notificationThresholds.userId, userId));
    },
  };
}
