import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { sendingDomains } from './schema.js';

/** The user's sending domains (never their private keys); erasing them removes the keys too. */
export function createSendingDomainsUserData(db: Database): UserDataProvider<'sendingDomains'> {
  return {
    section: 'sendingDomains',
    async export(userId) {
      const rows = await db.select().from(sendingDomains).where(eq(sendingDomains.userId, userId)).orderBy(asc(sendingDomains.createdAt));
      return rows.map((d) => ({
        domain: d.domain,
        address: `${d.localPart}@${d.domain}`,
        selector: d.selector,
        status: d.status,
        inUse: d.inUse,
        createdAt: d.createdAt.toISOString(),
        verifiedAt: d.verifiedAt ? d.verifiedAt.toISOString() : null,
      }));
    },
    async erase(userId, tx) {
      await tx.delete(sendingDomains).where(eq(sendingDomains.userId, userId));
    },
  };
}
