import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accountTypes, emailTokens, sessions, users, type BillingAddress } from '../../db/schema/index.js';

export function createAccountRepository(db: Database) {
  return {
    async accountType(id: string | null) {
      if (!id) return undefined;
      const [row] = await db.select().from(accountTypes).where(eq(accountTypes.id, id));
      return row;
    },

    /** The newest unexpired, unused email-change request. */
    async pendingEmail(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ email: emailTokens.email })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change_email'), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row?.email ?? null;
    },

    async update(
      userId: string,
      values: Partial<{ name: string; phone: string | null; country: string | null; billingAddress: BillingAddress | null; taxId: string | null; locale: 'en' | 'es' | 'jp'; timeZone: string; theme: 'light' | 'dark' | 'system'; passwordHash: string }>,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error(`user ${userId} vanished`);
      return row;
    },

    async emailInUse(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return Boolean(row);
    },

    /** Outstanding password-reset links stop working once the password has been changed. */
    async cancelResetLinks(userId: string): Promise<void> {
      await db.update(emailTokens).set({ usedAt: sql`now()` }).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
    },

    async revokeOtherSessions(userId: string, keepSessionId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
