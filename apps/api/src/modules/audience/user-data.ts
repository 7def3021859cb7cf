import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { consents, consentSettings, contactFields, contactFieldValues, segments, suppressions } from './schema.js';

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

/** The user's contact fields with their values, and their segments. */
export function createContactFieldsUserData(db: Database): UserDataProvider<'contactFields'> {
  return {
    section: 'contactFields',
    async export(userId) {
      const fields = await db.select().from(contactFields).where(eq(contactFields.userId, userId)).orderBy(asc(contactFields.position));
      const values = fields.length
        ? await db
            .select()
            .from(contactFieldValues)
            .where(
              inArray(
                contactFieldValues.fieldId,
                fields.map((f) => f.id),
              ),
            )
            .orderBy(asc(contactFieldValues.email))
        : [];
      return fields.map((f) => ({
        name: f.name,
        type: f.type,
        choices: f.choices,
        onForm: f.onForm,
        createdAt: f.createdAt.toISOString(),
        values: values
          .filter((v) => v.fieldId === f.id)
          .map((v) => ({ email: v.email, value: v.numberValue ?? v.dateValue ?? v.textValue ?? '', updatedAt: v.updatedAt.toISOString() })),
      }));
    },
    async erase(userId, tx) {
      // The values go with their fields (on delete cascade).
      await tx.delete(contactFields).where(eq(contactFields.userId, userId));
    },
  };
}

export function createSegmentsUserData(db: Database): UserDataProvider<'segments'> {
  return {
    section: 'segments',
    async export(userId) {
      const rows = await db.select().from(segments).where(eq(segments.userId, userId)).orderBy(asc(segments.createdAt));
      return rows.map((r) => ({ name: r.name, rule: r.rule, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
    },
    async erase(userId, tx) {
      await tx.delete(segments).where(eq(segments.userId, userId));
    },
  };
}
