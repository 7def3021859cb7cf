import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * Cards and tags. This issue only needs the record (its id is the user's `perfil_id` and it counts
 * against the plan); the profiles area adds its fields.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['card', 'tag'] }).notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.kind)],
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
