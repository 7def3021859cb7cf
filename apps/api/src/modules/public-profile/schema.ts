import { customType, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profiles/schema.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Unique visitors, link clicks and vCard downloads per profile and day (the seller's calendar day, SELLER_TIME_ZONE).
 * No address or visitor detail is stored. Days before unique visitors were counted hold page views.
 */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitors: integer().notNull().default(0),
    linkClicks: integer().notNull().default(0),
    /** vCard downloads ("save contact"). */
    saves: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day] })],
);

/**
 * The day's random salt, shared by every API process (one row per day; earlier days' rows are
 * deleted when the next day starts, so a day's visitor hashes can no longer be linked to anyone).
 */
export const visitorSalts = pgTable('visitor_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: bytea().notNull(),
});

/**
 * Who has been counted today, per profile: a hash of (the day's salt, profile, client address,
 * User-Agent), 16 bytes, never the address itself. The key refuses a second row for the same visitor,
 * which is how a repeat visit is not counted again; rows of earlier days are deleted.
 */
export const profileDailyVisitors = pgTable(
  'profile_daily_visitors',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitor: bytea().notNull(),
  },
  // The day first: the day's end deletes its rows by a range of this key.
  (t) => [primaryKey({ columns: [t.day, t.profileId, t.visitor] })],
);
