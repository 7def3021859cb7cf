import type { Locale } from '@enlaza/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { aliasRedirects, users } from './schema.js';
import { verifyPassword } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from './schema.js';

/**
 * What other modules may ask the accounts area about a user, one field group at a time: they
 * receive an Actor, never the users row, and the password hash never leaves this module.
 */
export function createAccountDirectory(db: Database) {
  function found<T>(row: T | undefined): T {
    if (!row) throw new AppError('record.not_found');
    return row;
  }

  return {
    /** The whole row, for the accounts area's own services (account, options). */
    async row(userId: string): Promise<UserRow> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return found(row);
    },

    /** The public alias (profile links) and the main card (which cannot go to the trash). */
    async profileFacts(userId: string): Promise<{ alias: string; mainProfileId: string | null }> {
      const [row] = await db.select({ alias: users.alias, mainProfileId: users.mainProfileId }).from(users).where(eq(users.id, userId));
      return found(row);
    },

    /** The public alias and which notifications also come by email (Opciones). */
    async options(userId: string): Promise<{ alias: string; notificationEmails: string[] }> {
      const [row] = await db
        .select({ alias: users.alias, notificationEmails: users.notificationEmails })
        .from(users)
        .where(eq(users.id, userId));
      return found(row);
    },

    /** Name, address and saved language, for an email sent on the user's behalf or to them. */
    async contact(userId: string): Promise<{ name: string; email: string; locale: Locale | null }> {
      const [row] = await db.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
      return found(row);
    },

    /**
     * The saved language of the account with this address, when there is one (an invitation is
     * written in it). Inside a transaction pass its `tx`: PGlite has one connection, held by it.
     */
    async localeOfEmail(email: string, tx: Database | Transaction = db): Promise<Locale | null> {
      const [row] = await tx
        .select({ locale: users.locale })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row?.locale ?? null;
    },

    /** The account with this address (any case), if there is one: single sign-on signs it in. */
    async idOfEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row?.id ?? null;
    },

    // Alias and notification emails (Opciones): the users row and the alias redirects are this area's tables.
    async previousAliases(userId: string): Promise<string[]> {
      const rows = await db
        .select({ alias: aliasRedirects.alias })
        .from(aliasRedirects)
        .where(eq(aliasRedirects.userId, userId))
        .orderBy(desc(aliasRedirects.createdAt));
      return rows.map((r) => r.alias);
    },

    /** Who holds an alias, as a current alias or a redirect. */
    async aliasOwner(alias: string): Promise<string | undefined> {
      const [current] = await db.select({ id: users.id }).from(users).where(eq(users.alias, alias));
      if (current) return current.id;
      const [old] = await db.select({ id: aliasRedirects.userId }).from(aliasRedirects).where(eq(aliasRedirects.alias, alias));
      return old?.id;
    },

    /** The old alias becomes a redirect; taking back one of one's own old aliases removes its redirect. */
    async changeAlias(userId: string, oldAlias: string, newAlias: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(aliasRedirects).where(and(eq(aliasRedirects.alias, newAlias), eq(aliasRedirects.userId, userId)));
        await tx
          .update(users)
          .set({ alias: newAlias, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await tx.insert(aliasRedirects).values({ alias: oldAlias, userId }).onConflictDoNothing();
      });
    },

    async setNotificationEmails(userId: string, kinds: string[]): Promise<void> {
      await db
        .update(users)
        .set({ notificationEmails: kinds, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** Whether `password` is the user's (the hash is compared here and never handed out). */
    async passwordMatches(userId: string, password: string): Promise<boolean> {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return row ? verifyPassword(row.passwordHash, password) : false;
    },
  };
}

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
