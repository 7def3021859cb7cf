import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.js';
import { users } from './users.js';

/** Single-use codes sent by email: account verification, password reset, new-address confirmation. Only their hash is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text().notNull(),
    /** The address the code was sent to (the new one for an email change). */
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.userId, t.purpose)],
);

/** Historial: who did what to which record, with before/after values for changes. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: primaryId(),
    /** Whose history this belongs to (the account acted upon). */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** Who did it: the user, an admin, or null for the system / an anonymous visitor. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    address: text(),
    device: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.action, t.createdAt), index().on(t.createdAt), index().on(t.actorId, t.createdAt)],
);

/** Old public aliases keep redirecting to their owner after a change. */
export const aliasRedirects = pgTable('alias_redirects', {
  alias: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
