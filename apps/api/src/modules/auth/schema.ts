import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * A user's TOTP authenticator (RFC 6238). The shared secret is kept encrypted with a key derived from
 * the app secret (see two-factor.ts). `enabledAt` is null while an enrolment waits for its first code.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM: iv.tag.ciphertext, base64url. */
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is used once, even inside its window. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes: only their SHA-256 is kept; a used one keeps its row with `usedAt`. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * The short-lived proof that the password was right, exchanged for a session with a second factor
 * (`verify`) or, for an admin who must enrol first, for enrolment (`enrol`). Only its SHA-256 is kept.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: primaryId(),
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify', 'enrol'] }).notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex().on(t.tokenHash)],
);

/**
 * Addresses (an IPv4 address or an IPv6 /64, hashed) from which an account has signed in: failures
 * of strangers elsewhere do not lock these out (see docs/sign-in-security.md).
 */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text().notNull(),
    lastSignInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);
