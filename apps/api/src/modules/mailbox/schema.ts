import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { profiles } from '../profiles/schema.js';

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
    /** Sent to a tag in lost mode (by its finder): automations that start on a lost tag found read it. */
    lostMode: boolean().notNull().default(false),
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
    index('messages_profile_live_idx')
      .on(t.profileId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('messages_profile_trash_idx')
      .on(t.profileId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // One partial index per folder (and for unread in the inbox), so a folder with few messages in a
    // huge mailbox is not found by filtering the whole live index; counts stop at a cap on these too.
    index('messages_profile_inbox_idx')
      .on(t.profileId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.archivedAt} is null`),
    index('messages_profile_unread_idx')
      .on(t.profileId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.archivedAt} is null and ${t.readAt} is null`),
    index('messages_profile_starred_idx')
      .on(t.profileId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.starred}`),
    index('messages_profile_archived_idx')
      .on(t.profileId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.archivedAt} is not null`),
    // The newest messages across a user's profiles (dashboard).
    index('messages_user_latest_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // Unread counts for the navigation.
    index('messages_user_unread_idx')
      .on(t.userId, t.profileId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null and ${t.archivedAt} is null`),
  ],
);
