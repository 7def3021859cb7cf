import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * In-app notifications. The id is an increasing bigint: it orders the list, is the keyset cursor
 * and is the server-sent event id a reconnecting browser sends back as `Last-Event-ID`. Ids of one
 * user are handed out in commit order (notify takes a per-user transaction lock), so "everything
 * after id N" never skips a notification that committed late.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    /** What raised it (an event's delivery key), when it could be raised twice: a retried raise stores nothing. */
    sourceKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_source_key_idx').on(t.sourceKey),
  ],
);

/**
 * Usage thresholds already raised (`storage:80`, `sends:2026-11:100`): the row makes a threshold
 * fire once. Storage rows are removed when usage falls back under the threshold, so the next
 * crossing raises it again; send rows carry their month, so each month raises them once.
 */
export const notificationThresholds = pgTable(
  'notification_thresholds',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
