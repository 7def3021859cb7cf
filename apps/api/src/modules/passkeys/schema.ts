import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * A passkey (WebAuthn credential) an owner registered to sign in with: the authenticator's public
 * key (COSE, base64url) and its signature counter. The private key never leaves the device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The credential id the browser answers with (base64url). */
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator again (usb, internal, hybrid…). */
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** Synced to other devices by its provider (iCloud Keychain, Google Password Manager…). */
    backedUp: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.credentialId), index().on(t.userId)],
);

/**
 * The challenge of one registration or sign-in ceremony, kept in the database so that any API
 * process can finish what another started; used once, and only for a few minutes.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: primaryId(),
  /** The signed-in owner adding a passkey or proving it is them; null for a sign-in (who it is comes with the answer). */
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text({ enum: ['register', 'sign_in', 'reauthenticate'] }).notNull(),
  challenge: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
