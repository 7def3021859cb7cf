import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

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
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.action, t.createdAt),
    index().on(t.createdAt),
    index().on(t.actorId, t.createdAt),
  ],
);
