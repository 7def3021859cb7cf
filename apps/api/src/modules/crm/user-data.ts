import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { crmAuthorizations, crmConnections } from './schema.js';

/** The user's CRM connections (no tokens); erasing them removes their sync log (cascade) and any authorization in flight. */
export function createCrmUserData(db: Database): UserDataProvider<'crmConnections'> {
  return {
    section: 'crmConnections',
    async export(userId) {
      const rows = await db.select().from(crmConnections).where(eq(crmConnections.userId, userId)).orderBy(crmConnections.createdAt);
      return rows.map((c) => ({
        provider: c.provider,
        scope: c.teamId ? 'team' : 'user',
        accountName: c.accountName,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(crmAuthorizations).where(eq(crmAuthorizations.userId, userId));
      await tx.delete(crmConnections).where(eq(crmConnections.userId, userId));
    },
  };
}
