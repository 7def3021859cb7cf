import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { emailTokens, sessions, users, type BillingAddress } from './schema.js';
import { findAccountType } from '../catalogue/index.js';

export function createAccountRepository(db: Database) {
  return {
    /** Runs `work` in one transaction: a change and the event that records it commit together. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    accountType: async (id: string | null) => (id ? findAccountType(db, id) : undefined),

    /** The newest unexpired, unused email-change request. */
    async pendingEmail(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ email: emailTokens.email })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, 'change_email'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row?.email ?? null;
    },

    async update(
      userId: string,
      values: Partial<{
        name: string;
        phone: string | null;
        country: string | null;
        billingAddress: BillingAddress | null;
        taxId: string | null;
        taxIdRegistration: 'registered' | 'unavailable' | null;
        locale: 'en' | 'es' | 'jp';
        timeZone: string;
        theme: 'light' | 'dark' | 'system';
        passwordHash: string;
      }>,
      tx: Database | Transaction = db,
    ) {
      const [row] = await tx
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
    async cancelResetLinks(userId: string, tx: Database | Transaction = db): Promise<void> {
      await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
    },

    async revokeOtherSessions(userId: string, keepSessionId: string, tx: Database | Transaction = db): Promise<void> {
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

// What other modules ask of the users table, read in the caller's connection or transaction.

/** Locks the user's row until the transaction ends: two writes at once cannot both pass a quota check. */
export async function lockUser(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Who receives a notification's email: address, name, language, status and the types they chose. */
export async function notificationRecipient(tx: Database | Transaction, userId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      name: users.name,
      locale: users.locale,
      timeZone: users.timeZone,
      status: users.status,
      notificationEmails: users.notificationEmails,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Names and addresses of these users, in one query (history lists). */
export async function namesOf(db: Database | Transaction, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** The alias, language and role of a user (campaign links and rendering), with defaults for a missing user. */
export async function publicIdentity(
  db: Database | Transaction,
  userId: string,
): Promise<{ alias: string; locale: string; role: 'admin' | 'user' }> {
  const [row] = await db.select({ alias: users.alias, locale: users.locale, role: users.role }).from(users).where(eq(users.id, userId));
  return { alias: row?.alias ?? '', locale: row?.locale ?? 'en', role: row?.role ?? 'user' };
}
