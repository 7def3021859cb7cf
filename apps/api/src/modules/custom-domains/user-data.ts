import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { customDomains } from './schema.js';

/** The user's custom domains; erasing them stops serving them. */
export function createCustomDomainsUserData(db: Database): UserDataProvider<'customDomains'> {
  return {
    section: 'customDomains',
    async export(userId) {
      const rows = await db.select().from(customDomains).where(eq(customDomains.userId, userId)).orderBy(asc(customDomains.createdAt));
      return rows.map((d) => ({
        host: d.host,
        status: d.status,
        profileId: d.profileId,
        teamId: d.teamId,
        createdAt: d.createdAt.toISOString(),
        verifiedAt: d.verifiedAt ? d.verifiedAt.toISOString() : null,
      }));
    },
    async erase(userId, tx) {
      await tx.delete(customDomains).where(eq(customDomains.userId, userId));
    },
  };
}
