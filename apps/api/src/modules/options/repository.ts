import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { activityEvents, aliasRedirects, deliveries, emailTokens, notifications, notificationThresholds, profiles, sessions, storedFiles, subscriptions, users } from '../../db/schema/index.js';

export function createOptionsRepository(db: Database) {
  return {
    async previousAliases(userId: string): Promise<string[]> {
      const rows = await db.select({ alias: aliasRedirects.alias }).from(aliasRedirects).where(eq(aliasRedirects.userId, userId)).orderBy(desc(aliasRedirects.createdAt));
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
        await tx.update(users).set({ alias: newAlias, updatedAt: sql`now()` }).where(eq(users.id, userId));
        await tx.insert(aliasRedirects).values({ alias: oldAlias, userId }).onConflictDoNothing();
      });
    },

    async setNotificationEmails(userId: string, kinds: string[]): Promise<void> {
      await db.update(users).set({ notificationEmails: kinds, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },

    /** Everything stored about a user, for "export my data". */
    async exportData(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const [userProfiles, userSubscriptions, files, sent, events, redirects] = await Promise.all([
        db.select().from(profiles).where(eq(profiles.userId, userId)),
        db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
        db.select().from(storedFiles).where(eq(storedFiles.userId, userId)),
        db.select().from(deliveries).where(eq(deliveries.userId, userId)),
        db.select().from(activityEvents).where(eq(activityEvents.userId, userId)).orderBy(activityEvents.createdAt),
        db.select().from(aliasRedirects).where(eq(aliasRedirects.userId, userId)),
      ]);
      return { user, profiles: userProfiles, subscriptions: userSubscriptions, files, deliveries: sent, activity: events, previousAliases: redirects };
    },

    /**
     * Removes personal data and closes the account: the user row is anonymised (invoices and
     * subscriptions keep their numbers), profiles, sessions, codes, redirects and history go.
     */
    async anonymise(userId: string, replacement: { email: string; alias: string; passwordHash: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
        await tx.delete(aliasRedirects).where(eq(aliasRedirects.userId, userId));
        await tx.delete(profiles).where(eq(profiles.userId, userId));
        // Notifications quote visitors (names, addresses, message excerpts).
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await tx.delete(notificationThresholds).where(eq(notificationThresholds.userId, userId));
        await tx.delete(activityEvents).where(and(eq(activityEvents.userId, userId), ne(activityEvents.action, 'account.deleted')));
        await tx.update(deliveries).set({ toEmail: replacement.email, bodyText: null }).where(eq(deliveries.userId, userId));
        await tx
          .update(users)
          .set({
            status: 'deleted', name: 'Deleted user', email: replacement.email, alias: replacement.alias, passwordHash: replacement.passwordHash,
            phone: null, country: null, billingAddress: null, taxId: null, timeZone: null, mainProfileId: null, notificationEmails: [], updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId));
      });
    },

  };
}

export type OptionsRepository = ReturnType<typeof createOptionsRepository>;
