import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from './columns.js';
import { users } from './users.js';

export type CardFields = Record<string, unknown>;
export type TagFields = Record<string, unknown>;
export type ProfileTheme = { color: string; layout: 'classic' | 'centered' | 'banner' };

/** Folders and labels share one shape: per user and kind, a name unique regardless of case, a colour. */
function collectionTable(name: 'folders' | 'labels') {
  return pgTable(
    name,
    {
      id: primaryId(),
      userId: uuid()
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      kind: text({ enum: ['card', 'tag'] }).notNull(),
      name: text().notNull(),
      color: text().notNull(),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${name}_user_kind_name_idx`).on(t.userId, t.kind, sql`lower(${t.name})`)],
  );
}

/** Folders (carpetas) group profiles of one kind; a profile is in one folder at most. */
export const folders = collectionTable('folders');

/** Labels (etiquetas): many per profile. */
export const labels = collectionTable('labels');

/**
 * Cards (kind `card`) and smart tags (kind `tag`). The user's first card is their `perfil_id`.
 * Kind-specific fields live in `card` / `tag` as JSON validated by the contracts.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['card', 'tag'] }).notNull(),
    /** Display name, kept for search and sorting: the card's full name or the tag's name. */
    name: text().notNull(),
    photoFileId: uuid().references((): AnyPgColumn => storedFiles.id, { onDelete: 'set null' }),
    coverFileId: uuid().references((): AnyPgColumn => storedFiles.id, { onDelete: 'set null' }),
    theme: jsonb().$type<ProfileTheme>().notNull().default({ color: '#12b886', layout: 'classic' }),
    visibility: text({ enum: ['public', 'unlisted', 'private'] }).notNull().default('public'),
    contactForm: boolean().notNull().default(true),
    wall: boolean().notNull().default(false),
    folderId: uuid().references(() => folders.id, { onDelete: 'set null' }),
    card: jsonb().$type<CardFields>(),
    tag: jsonb().$type<TagFields>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.kind), index('profiles_user_kind_updated_idx').on(t.userId, t.kind, t.updatedAt), index().on(t.folderId)],
);

export const profileLabels = pgTable(
  'profile_labels',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    labelId: uuid()
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.labelId] }), index().on(t.labelId)],
);

/** Files in the cloud (nube); their sizes make the storage usage. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/** Every outbound message (comunicaciones); campaign, reply and test sends count against the monthly quota. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: primaryId(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['campaign', 'reply', 'test', 'system'] }).notNull(),
    toEmail: text().notNull(),
    subject: text().notNull(),
    status: text({ enum: ['queued', 'sent', 'logged', 'failed', 'bounced'] }).notNull().default('queued'),
    error: text(),
    /** Plain-text copy, kept only when no SMTP server is configured (see lib/mailer.ts). */
    bodyText: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** Visits and link clicks per profile and day (UTC). No address or visitor detail is stored. */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visits: integer().notNull().default(0),
    linkClicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day] })],
);
