import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';

/**
 * An SMTP server the admin set up for campaigns and automations (docs/sending.md, "Several SMTP
 * servers"). Sends are spread over the enabled ones, each within its own sliding-window rate limit;
 * one that fails for the server's sake is left aside for a while and its sends go to the others.
 * `lastFailureAt`/`lastFailure`: the latest such failure seen by any process (the admin screen shows it).
 */
export const smtpRelays = pgTable('smtp_relays', {
  id: primaryId(),
  name: text().notNull(),
  host: text().notNull(),
  port: integer().notNull(),
  secure: boolean().notNull().default(false),
  user: text().notNull().default(''),
  /** Sealed with the app secret (lib/secret-box.ts, purpose `smtp-relay-password`); null: no sign-in. */
  passwordSealed: text(),
  /** At most `rateMessages` messages in any `rateSeconds` seconds per sending process; 0: no limit. */
  rateMessages: integer().notNull().default(0),
  rateSeconds: integer().notNull().default(1),
  enabled: boolean().notNull().default(true),
  lastFailureAt: timestamp({ withTimezone: true }),
  lastFailure: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
