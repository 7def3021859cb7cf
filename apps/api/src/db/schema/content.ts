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

/** Files in the cloud (nube); their sizes make the storage usage (trashed files count until purged). */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Display name, renamable; never used as a path. */
    name: text().notNull(),
    /** Detected from the bytes at upload, never taken from the client. */
    mimeType: text().notNull().default('application/octet-stream'),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** Where the bytes are in the storage backend (local disk or S3): opaque, random. */
    storageKey: text().notNull().default(''),
    width: integer(),
    height: integer(),
    /** SHA-256 of the bytes (hex): an identical upload by the same owner answers the file already kept. */
    sha256: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId), index('stored_files_user_created_idx').on(t.userId, t.createdAt, t.id), index('stored_files_user_sha256_idx').on(t.userId, t.sha256)],
);

export type MessageLocation = { lat: number; lng: number; accuracy: number | null };
/** A reply the owner sent by email, kept so it can be read again in the message. */
export type MessageReplyRecord = { subject: string; body: string; sentAt: string };

/** Messages visitors send through a profile's contact form (buzón). The owner is copied in for ownership checks and counts. */
export const messages = pgTable(
  'messages',
  {
    id: primaryId(),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    body: text().notNull(),
    /** The sender agreed to receive communications (campaign audiences use only these). */
    consent: boolean().notNull().default(false),
    /** A finder's location, sent only when they chose to share it (tags in lost mode). */
    location: jsonb().$type<MessageLocation>(),
    locale: text(),
    readAt: timestamp({ withTimezone: true }),
    starred: boolean().notNull().default(false),
    archivedAt: timestamp({ withTimezone: true }),
    repliedAt: timestamp({ withTimezone: true }),
    /** The replies sent, oldest first (their text as sent; the email itself is not kept). */
    replies: jsonb().$type<MessageReplyRecord[]>().notNull().default([]),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Keyset pages of one profile's live messages, newest first.
    index('messages_profile_live_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('messages_profile_trash_idx').on(t.profileId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // One partial index per folder (and for unread in the inbox), so a folder with few messages in a
    // huge mailbox is not found by filtering the whole live index; counts stop at a cap on these too.
    index('messages_profile_inbox_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.archivedAt} is null`),
    index('messages_profile_unread_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.archivedAt} is null and ${t.readAt} is null`),
    index('messages_profile_starred_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.starred}`),
    index('messages_profile_archived_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.archivedAt} is not null`),
    // The newest messages across a user's profiles (dashboard).
    index('messages_user_latest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    // Unread counts for the navigation.
    index('messages_user_unread_idx').on(t.userId, t.profileId).where(sql`${t.readAt} is null and ${t.deletedAt} is null and ${t.archivedAt} is null`),
  ],
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
