import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { consents, consentSettings, suppressions } from './schema.js';

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

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** How the user takes consents, and the proofs of the consents they were given (each kept with their account only). */
export function createConsentsUserData(db: Database): UserDataProvider<'consents'> {
  return {
    section: 'consents',
    async export(userId) {
      const [settings] = await db.select().from(consentSettings).where(eq(consentSettings.userId, userId));
      const proofs = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.createdAt);
      return {
        settings: settings
          ? {
              doubleOptIn: settings.doubleOptIn,
              subject: settings.subject,
              body: settings.body,
              thanks: settings.thanks,
              pendingDays: settings.pendingDays,
              updatedAt: settings.updatedAt.toISOString(),
            }
          : null,
        proofs: proofs.map((p) => ({
          email: p.email,
          source: p.source,
          origin: p.origin,
          text: p.text,
          textVersion: p.textVersion,
          locale: p.locale,
          method: p.method,
          givenAt: p.createdAt.toISOString(),
          confirmationSentAt: iso(p.confirmationSentAt),
          confirmedAt: iso(p.confirmedAt),
          expiresAt: iso(p.expiresAt),
          expiredAt: iso(p.expiredAt),
        })),
      };
    },
    async erase(userId, tx) {
      await tx.delete(consents).where(eq(consents.userId, userId));
      await tx.delete(consentSettings).where(eq(consentSettings.userId, userId));
    },
  };
}
