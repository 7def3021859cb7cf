import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { teams } from '../teams/schema.js';

/**
 * A team's SCIM bearer tokens (docs/teams.md, "Provisioning with SCIM"): made by the owner, shown
 * once, only their SHA-256 kept. A revoked token stays (`revokedAt`) so the history and the last
 * calls still name it; it authenticates nothing.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: primaryId(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.teamId, t.createdAt)],
);

/** What SCIM's deactivation does with the member's card: kept at its link, unassigned, or retired. */
export const scimSettings = pgTable('scim_settings', {
  teamId: uuid()
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  cardOnDeactivation: text({ enum: ['keep', 'retire'] })
    .notNull()
    .default('keep'),
  updatedAt: updatedAt(),
});

/** The SCIM attributes of a team member that the team's own tables do not hold (name parts, department, manager…). */
export type ScimUserAttributes = {
  givenName?: string | null;
  familyName?: string | null;
  displayName?: string | null;
  department?: string | null;
  manager?: string | null;
  employeeNumber?: string | null;
};

/**
 * What the identity provider said about a member of the team: its `externalId` (unique in the team)
 * and the attributes kept as given. The member itself is `team_members` (active or removed).
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text(),
    attributes: jsonb().$type<ScimUserAttributes>().notNull().default({}),
    /** Bumped on every change through SCIM: the resource's ETag. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('scim_users_external_id_idx')
      .on(t.teamId, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/** A team's groups as the identity provider pushes them (Okta's Push Groups, Entra ID's group assignments): a name and members. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: primaryId(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    externalId: text(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scim_groups_name_idx').on(t.teamId, sql`lower(${t.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index().on(t.userId)],
);

/** The team's last SCIM calls (the settings screen lists them; the oldest beyond 50 are dropped). */
export const scimCalls = pgTable(
  'scim_calls',
  {
    id: primaryId(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tokenId: uuid().references(() => scimTokens.id, { onDelete: 'set null' }),
    method: text().notNull(),
    path: text().notNull(),
    status: integer().notNull(),
    at: createdAt(),
  },
  (t) => [index().on(t.teamId, t.at)],
);
