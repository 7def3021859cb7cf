import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aliasRedirects, apiTokens, emailTokens, sessions, users } from './schema.js';
import { hashPassword, randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';

/**
 * The account's part of a user's data: the users row (never its password hash), old aliases and
 * signed-in devices. Erasing anonymises the row (it stays, marked deleted, so ids in invoices and
 * logs still resolve to "Deleted user") and removes sessions, access tokens, emailed codes and alias redirects.
 */
export function createAccountUserData(db: Database): UserDataProvider<'account'> {
  return {
    section: 'account',
    async export(userId) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('record.not_found');
      const [redirects, devices] = await Promise.all([
        db
          .select({ alias: aliasRedirects.alias })
          .from(aliasRedirects)
          .where(eq(aliasRedirects.userId, userId))
          .orderBy(desc(aliasRedirects.createdAt)),
        db
          .select({ device: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(sessions.createdAt),
      ]);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        alias: user.alias,
        previousAliases: redirects.map((r) => r.alias),
        codigo: user.codigo,
        role: user.role,
        status: user.status,
        locale: user.locale,
        timeZone: user.timeZone,
        theme: user.theme,
        phone: user.phone,
        country: user.country,
        billingAddress: user.billingAddress ?? null,
        taxId: user.taxId,
        notificationEmails: user.notificationEmails,
        emailVerifiedAt: iso(user.emailVerifiedAt),
        createdAt: user.createdAt.toISOString(),
        sessions: devices.map((d) => ({ device: d.device, createdAt: d.createdAt.toISOString(), lastUsedAt: d.lastUsedAt.toISOString() })),
      };
    },

    async erase(userId, tx) {
      const tag = `${userId.slice(0, 8)}-${randomToken(3)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')}`;
      const passwordHash = await hashPassword(randomToken());
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
      await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
      await tx.delete(aliasRedirects).where(eq(aliasRedirects.userId, userId));
      await tx
        .update(users)
        .set({
          status: 'deleted',
          name: 'Deleted user',
          email: `deleted-${userId}@deleted.invalid`,
          alias: `deleted-${tag}`,
          passwordHash,
          phone: null,
          country: null,
          billingAddress: null,
          taxId: null,
          timeZone: null,
          mainProfileId: null,
          notificationEmails: [],
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    },
  };
}
