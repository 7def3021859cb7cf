import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { webhookEndpoints } from './schema.js';

/** The user's endpoints (no secrets); erasing them removes their deliveries and attempts (cascade). */
export function createWebhooksUserData(db: Database): UserDataProvider<'webhooks'> {
  return {
    section: 'webhooks',
    async export(userId) {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt);
      return rows.map((e) => ({
        url: e.url,
        description: e.description,
        events: e.events,
        enabled: e.enabled,
        createdAt: e.createdAt.toISOString(),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    },
  };
}
