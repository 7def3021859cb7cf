import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CrmProvider } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { messages } from '../mailbox/schema.js';
import { teams } from '../teams/schema.js';

/**
 * A CRM account connected with OAuth 2 (docs/decisions/0041-leads-into-the-crm.md): by a user for
 * their own cards (`teamId` null), or by a team's owner for every card of the team. Both tokens are
 * sealed (lib/secret-box.ts, purpose `crm-token`); `status` turns to `reconnect` when the vendor
 * refuses the refresh token, and leads wait until the user connects again.
 */
export const crmConnections = pgTable(
  'crm_connections',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid().references(() => teams.id, { onDelete: 'cascade' }),
    provider: text().$type<CrmProvider>().notNull(),
    /** HubSpot's hub domain, Salesforce's instance host: what the screen names. */
    accountName: text().notNull(),
    /** HubSpot's portal (hub) id; Salesforce's organisation id: the record links are built from it. */
    accountId: text().notNull(),
    /** Salesforce answers the instance its API lives at with the token; null for HubSpot. */
    instanceUrl: text(),
    accessTokenSealed: text().notNull(),
    refreshTokenSealed: text().notNull(),
    /** When the access token stops working (HubSpot says; Salesforce does not: null, refreshed on a 401). */
    accessExpiresAt: timestamp({ withTimezone: true }),
    status: text({ enum: ['connected', 'reconnect'] })
      .notNull()
      .default('connected'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_connections_user_provider_idx')
      .on(t.userId, t.provider)
      .where(sql`${t.teamId} is null`),
    uniqueIndex('crm_connections_team_provider_idx')
      .on(t.teamId, t.provider)
      .where(sql`${t.teamId} is not null`),
  ],
);

/**
 * An OAuth 2 authorization in progress: the `state` sent to the vendor (stored hashed), bound to
 * the session that asked, with the PKCE verifier; used once, within 10 minutes.
 */
export const crmAuthorizations = pgTable('crm_authorizations', {
  id: primaryId(),
  stateHash: text().notNull().unique(),
  sessionId: text().notNull(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  teamId: uuid().references(() => teams.id, { onDelete: 'cascade' }),
  provider: text().$type<CrmProvider>().notNull(),
  codeVerifier: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * One lead (a mailbox message) to one connection: the sync log. The unique index makes a redelivered
 * `message.received` queue it once; `contactId`/`recordId` are written as soon as the vendor names
 * them, so a re-run after a crash continues instead of starting again (and the vendor's upserts make
 * a step done twice land on the same record).
 */
export const crmSyncs = pgTable(
  'crm_syncs',
  {
    id: primaryId(),
    connectionId: uuid()
      .notNull()
      .references(() => crmConnections.id, { onDelete: 'cascade' }),
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastStatus: integer(),
    lastError: text(),
    /** HubSpot's contact id or Salesforce's lead id. */
    recordId: text(),
    /** HubSpot's note id (the message, its consent and custom fields). */
    noteId: text(),
    recordUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.connectionId, t.messageId), index().on(t.messageId), index().on(t.connectionId, t.createdAt)],
);
