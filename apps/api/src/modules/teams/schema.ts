import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FieldLock, TeamTemplateField } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { storedFiles } from '../cloud/schema.js';
import { profiles } from '../profiles/schema.js';

export type TemplateLink = { label: string; url: string };
export type TemplateTheme = { color: string; layout: 'classic' | 'centered' | 'banner' };
export type TemplateLocks = Record<TeamTemplateField, FieldLock>;

/**
 * A company's team. Its alias shares the namespace of users' aliases (`/link/{alias}`): neither may
 * take the other's, current or old. The logo and cover are files of the cloud of whoever set them.
 */
export const teams = pgTable('teams', {
  id: primaryId(),
  name: text().notNull(),
  alias: text().notNull().unique(),
  logoFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
  coverFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
  color: text().notNull().default('#12b886'),
  address: text(),
  website: text(),
  /** The public directory `/link/{alias}`: off until an admin turns it on. */
  directoryEnabled: boolean().notNull().default(false),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A team's old aliases: printed cards keep working after a change (they redirect to the current one). */
export const teamAliasRedirects = pgTable(
  'team_alias_redirects',
  {
    alias: text().primaryKey(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.teamId)],
);

/**
 * Who is in a team. A user is an active member of one team at most, and a team has exactly one
 * active owner (both partial unique indexes). A removed member's row stays (`removed`) for the
 * history; joining again reactivates it.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['owner', 'admin', 'member'] }).notNull(),
    jobTitle: text(),
    phone: text(),
    status: text({ enum: ['active', 'removed'] })
      .notNull()
      .default('active'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    uniqueIndex('team_members_one_team_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('team_members_one_owner_idx')
      .on(t.teamId)
      .where(sql`${t.role} = 'owner' and ${t.status} = 'active'`),
  ],
);

/**
 * Invitations by email: only the SHA-256 of the token the email carries is kept. `pending` past
 * `expiresAt` is expired (resending gives a new token and date). One pending invitation per address
 * and team.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: primaryId(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text().notNull(),
    name: text().notNull(),
    jobTitle: text(),
    phone: text(),
    role: text({ enum: ['admin', 'member'] }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['pending', 'accepted', 'revoked'] })
      .notNull()
      .default('pending'),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.tokenHash),
    index().on(t.teamId, t.createdAt),
    uniqueIndex('team_invitations_one_pending_idx')
      .on(t.teamId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The team's card template (one per team): the company fields' values and a lock per field. */
export const teamTemplates = pgTable('team_templates', {
  teamId: uuid()
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  company: text(),
  logoFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
  coverFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
  address: text(),
  website: text(),
  theme: jsonb().$type<TemplateTheme>().notNull().default({ color: '#12b886', layout: 'classic' }),
  links: jsonb().$type<TemplateLink[]>().notNull().default([]),
  locks: jsonb().$type<Partial<TemplateLocks>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * The team's cards (rows of `profiles` whose `team_id` is the team). `profiles.user_id` is the holder:
 * the member it is assigned to, else the team's owner, so every ownership check, the mailbox and the
 * stats keep working. At most one assigned card per member.
 */
export const teamCards = pgTable(
  'team_cards',
  {
    profileId: uuid()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['assigned', 'unassigned', 'retired'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.teamId, t.status),
    uniqueIndex('team_cards_one_per_member_idx')
      .on(t.memberUserId)
      .where(sql`${t.status} = 'assigned'`),
  ],
);
