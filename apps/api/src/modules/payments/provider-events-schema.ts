import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Each webhook event a provider sent, once: a second delivery of the same id finds its row and
 * changes nothing. `processedAt` is set by the job that applied it (null: queued, or re-run after a crash).
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** The object the event is about (`pi_…`, `ch_…`, `dp_…`, `pm_…`, `seti_…`): its current state is read again. */
    objectRef: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  // The daily purge deletes the old ones by when they arrived.
  (t) => [uniqueIndex().on(t.provider, t.eventId), index().on(t.receivedAt)],
);

/**
 * The last state of a provider's object that was passed on to the payments module: an event that
 * finds the same state (a late or reordered one) passes nothing on again.
 */
export const providerObjectStates = pgTable(
  'provider_object_states',
  {
    provider: text().notNull(),
    ref: text().notNull(),
    state: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.ref] })],
);
