import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { suppressions } from './schema.js';

/** The addresses the user must never email again (their suppression list). */
export function createAudienceUserData(db: Database): UserDataProvider<'suppressions'> {
  return {
    section: 'suppressions',
    async export(userId) {
      const rows = await db.select().from(suppressions).where(eq(suppressions.userId, userId)).orderBy(suppressions.createdAt);
      return rows.map((s) => ({ email: s.email, reason: s.reason, createdAt: s.createdAt.toISOString() }));
    },
    async erase(userId, tx) {
      await tx.delete(suppressions).where(eq(suppressions.userId, userId));
    },
  };
}
