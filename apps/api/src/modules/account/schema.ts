import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { accountTypes } from '../catalogue/schema.js';

export type BillingAddress = {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  region: string | null;
  country: string;
};

/** Source of the customer code (`codigo`), printed on invoices: EN-000001, EN-000002… */
export const customerCodeSeq = pgSequence('customer_code_seq', { startWith: 1 });

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    /** Stored lower-cased and trimmed. */
    email: text().notNull(),
    name: text().notNull(),
    alias: text().notNull(),
    codigo: text().notNull(),
    role: text({ enum: ['admin', 'user'] }).notNull(),
    /** `deleted`: the owner deleted the account; personal data has been removed. */
    status: text({ enum: ['pending', 'active', 'suspended', 'deleted'] })
      .notNull()
      .default('pending'),
    passwordHash: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    accountTypeId: uuid().references(() => accountTypes.id),
    /** The main profile (`perfil_id`), created on verification. */
    mainProfileId: uuid(),
    locale: text({ enum: ['en', 'es', 'jp'] }),
    phone: text(),
    country: text(),
    timeZone: text(),
    theme: text({ enum: ['light', 'dark', 'system'] })
      .notNull()
      .default('system'),
    billingAddress: jsonb().$type<BillingAddress>(),
    taxId: text(),
    /**
     * What VIES said of the tax id when it was last saved: `registered`, or `unavailable` (no answer:
     * the well-formed number was kept unconfirmed). Null when it was not looked up (VIES_CHECK off,
     * none given, a Spanish or non-EU id).
     */
    taxIdRegistration: text({ enum: ['registered', 'unavailable'] }),
    /** Kinds of notification that are also sent by email. */
    notificationEmails: jsonb().$type<string[]>().notNull().default(['new_message']),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.email),
    uniqueIndex().on(t.alias),
    uniqueIndex().on(t.codigo),
    index().on(t.role, t.status),
    index().on(t.createdAt),
    // The admin dashboard's sign-ups per day: an index-only range of one role's recent sign-ups.
    index().on(t.role, t.createdAt),
    index('users_name_lower_idx').on(sql`lower(${t.name})`),
    check('users_tax_id_registration', sql`${t.taxIdRegistration} IN ('registered', 'unavailable')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** One row per signed-in device; only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When this session last gave a fresh proof of its owner (password, authenticator code or passkey,
     * `POST /api/user/reauthenticate`), on the product clock; sensitive changes need one within
     * REAUTH_WINDOW_MINUTES (docs/security.md). null: never since sign-in.
     */
    reauthenticatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.userId)],
);

/**
 * Personal access tokens for scripts calling the API: only the SHA-256 of the token is kept. A
 * revoked token's row is deleted (its trigger tells every process's session cache at once).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    scopes: jsonb().$type<ApiTokenScope[]>().notNull(),
    /** null: until revoked. */
    expiresAt: timestamp({ withTimezone: true }),
    /** Refreshed at most once a minute. */
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.userId)],
);

/**
 * Single-use codes: sent by email (account verification, password reset, new-address confirmation),
 * and `sign_in`, the short-lived code an account verification answers so that the page that opened
 * the emailed link can sign in once. Only their hash is kept.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password', 'change_email', 'sign_in'] }).notNull(),
    tokenHash: text().notNull(),
    /** The address the code was sent to (the new one for an email change). */
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.userId, t.purpose)],
);

/** Old public aliases keep redirecting to their owner after a change. */
export const aliasRedirects = pgTable('alias_redirects', {
  alias: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
