import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { passkeys, webauthnChallenges } from './schema.js';

/** "Export my data" lists the passkeys by name and dates; deleting the account removes them and any ceremony under way. */
export function createPasskeysUserData(db: Database): UserDataProvider<'passkeys'> {
  return {
    section: 'passkeys',
    async export(userId) {
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
      return rows.map((r) => ({ name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
    },
    async erase(userId, tx) {
      await tx.delete(passkeys).where(eq(passkeys.userId, userId));
      await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    },
  };
}
